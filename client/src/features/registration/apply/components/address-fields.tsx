import { useState } from 'react';
import styled from 'styled-components';
import { POST_CODE_PATTERN } from '#server/contracts/validation.ts';
import { Button } from '#client/components/button/button.tsx';
import { describedControl, FieldRow } from '#client/components/form/field-row.tsx';
import { Select, TextInput } from '#client/components/form/form-controls.ts';
import { useMasterList } from '#client/lib/master-data.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { lookUpPostCode } from '../api/application-calls.ts';
import { type BranchAddress, EMPTY_BRANCH } from '../application-values.ts';

const PostCodeLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
  align-items: center;

  input {
    max-width: 10em;
  }
`;

const LookupNote = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme }) => theme.colors.textMuted};
`;

type Part = keyof BranchAddress;

const PART_LABELS: Record<Part, string> = {
  post_code: '郵便番号',
  prefecture_code: '都道府県',
  address1: '市区町村',
  address2: '町名・番地',
  address3: '建物名・部屋番号',
};

export interface AddressBlockProps {
  /** The id prefix of the controls (`company` → company_post_code). */
  idPrefix: string;
  /** What the block's rows are called before each part (本社 / 支店・営業所1). */
  caption: string;
  address: BranchAddress;
  errors: Partial<Record<Part, string>>;
  required: boolean;
  onChange(address: BranchAddress): void;
}

/**
 * An address: the post code with 住所検索, which fills in the prefecture and the city and town from
 * the post-code data set on the server (no call to any outside service), then the lines.
 */
export function AddressBlock({ idPrefix, caption, address, errors, required, onChange }: AddressBlockProps) {
  const api = useApiClient();
  const prefectures = useMasterList('prefectures');
  const [lookup, setLookup] = useState<{ busy: boolean; note?: string }>({ busy: false });
  const set = (part: Part, value: string) => onChange({ ...address, [part]: value });
  const row = (part: Part, hint?: string) => ({
    name: `${idPrefix}_${part}`,
    label: `${caption} ${PART_LABELS[part]}`,
    required: required && part !== 'address3',
    hint,
    error: errors[part],
  });

  async function findAddress() {
    if (!POST_CODE_PATTERN.test(address.post_code)) {
      setLookup({ busy: false, note: '郵便番号を7桁で入力してから検索してください。' });
      return;
    }
    setLookup({ busy: true });
    try {
      const [found, ...more] = await lookUpPostCode(api, address.post_code);
      if (!found) {
        setLookup({
          busy: false,
          note: 'この郵便番号の住所は見つかりませんでした。住所を入力してください。',
        });
        return;
      }
      onChange({
        ...address,
        prefecture_code: found.prefecture_code,
        address1: more.length > 0 ? found.city_name : `${found.city_name}${found.town_name}`,
      });
      setLookup({
        busy: false,
        note:
          more.length > 0
            ? '複数の町域が該当します。町名から続けて入力してください。'
            : '住所を入力しました。番地から続けて入力してください。',
      });
    } catch {
      setLookup({ busy: false, note: '住所を検索できませんでした。住所を入力してください。' });
    }
  }

  const postCode = row('post_code', '例: 104-0061');
  const prefecture = row('prefecture_code');
  return (
    <>
      <FieldRow optionalTag {...postCode}>
        <PostCodeLine>
          <TextInput
            {...describedControl(postCode.name, postCode)}
            inputMode="numeric"
            autoComplete="off"
            value={address.post_code}
            onChange={(event) => set('post_code', event.target.value)}
          />
          <Button type="button" disabled={lookup.busy} onClick={() => void findAddress()}>
            住所検索
          </Button>
        </PostCodeLine>
        {lookup.note && <LookupNote role="status">{lookup.note}</LookupNote>}
      </FieldRow>
      <FieldRow optionalTag {...prefecture}>
        <Select
          {...describedControl(prefecture.name, prefecture)}
          value={address.prefecture_code}
          onChange={(event) => set('prefecture_code', event.target.value)}
        >
          <option value="">選択してください</option>
          {prefectures.map((item) => (
            <option key={item.code} value={item.code}>
              {item.name}
            </option>
          ))}
        </Select>
      </FieldRow>
      {(['address1', 'address2', 'address3'] as const).map((part) => {
        const line = row(part);
        return (
          <FieldRow optionalTag key={part} {...line}>
            <TextInput
              {...describedControl(line.name, line)}
              autoComplete="off"
              value={address[part]}
              onChange={(event) => set(part, event.target.value)}
            />
          </FieldRow>
        );
      })}
    </>
  );
}

/** The empty address a new branch starts from. */
export const newBranch = (): BranchAddress => ({ ...EMPTY_BRANCH });
