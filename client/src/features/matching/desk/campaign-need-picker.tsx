import { useState } from 'react';
import styled from 'styled-components';
import { SpreadRow } from '#client/components/page/row-layouts.ts';
import { CAMPAIGN_NEEDS_MAX, lookUpCampaignNeedsCall } from '#server/contracts/matching-campaigns.ts';
import {
  searchStaffNeedsCall,
  STAFF_MATCHING_KEYWORD_MAX_LENGTH,
  type StaffNeedListItem,
} from '#server/contracts/matching-staff.ts';
import { Button } from '#client/components/button/button.tsx';
import { TextInput } from '#client/components/form/form-controls.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { NeedCategoryTag } from '../components/need-display.tsx';
import { MATCHING_CODE_PATTERN } from '../matching-paths.ts';
import { SearchInputRow, useInFormSearch } from './in-form-search.ts';

/** How many needs one search offers: enough to choose from, few enough to read. */
const FOUND_ROWS = 10;

const Picker = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  min-width: 0;

  p {
    margin: 0;
  }
`;

const List = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled(SpreadRow)`
  padding: ${({ theme }) => theme.spacing.sm};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
`;

const ItemText = styled.span`
  display: grid;
  flex: 1 1 16em;
  gap: 2px;
  min-width: 0;
  overflow-wrap: anywhere;
`;

const Small = styled.span`
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Finder = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => theme.spacing.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radii.md};

  label {
    font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  }

  p {
    margin: 0;
  }
`;

const SmallButton = styled(Button)`
  min-height: 36px;
  padding-block: ${({ theme }) => theme.spacing.xs};
  white-space: nowrap;
`;

const Problem = styled.p`
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  color: ${({ theme }) => theme.colors.danger};
`;

export interface CampaignNeedPickerProps {
  /** The id of the row's label (the group is named by it). */
  labelledBy: string;
  /** The ids of the row's hint and error. */
  describedBy?: string;
  codes: readonly string[];
  onChange: (codes: string[]) => void;
}

/**
 * The needs a campaign features (ca_unique_code, at most CAMPAIGN_NEEDS_MAX): those chosen, each by
 * its title, with 外す; the bank's published needs searched by a keyword (the staff's need search,
 * POST /api/v1/admin/company/needs/search), each with 追加; and codes pasted as they are, for a need
 * of another bank of the network (the save checks that each is published and visible).
 */
export function CampaignNeedPicker({ labelledBy, describedBy, codes, onChange }: CampaignNeedPickerProps) {
  // The needs chosen from the search: their titles need no read of their own.
  const [known, setKnown] = useState<Record<string, StaffNeedListItem>>({});
  const full = codes.length >= CAMPAIGN_NEEDS_MAX;
  const add = (added: readonly string[]) =>
    onChange([...codes, ...added.filter((code) => !codes.includes(code))].slice(0, CAMPAIGN_NEEDS_MAX));

  return (
    <Picker role="group" aria-labelledby={labelledBy} aria-describedby={describedBy}>
      <p>
        {codes.length} / {CAMPAIGN_NEEDS_MAX}件
      </p>
      {codes.length > 0 && (
        <List aria-label="掲載するニーズ">
          {codes.map((code) => (
            <Item as="li" key={code}>
              <ItemText>
                <ChosenNeedTitle code={code} need={known[code]} />
                <Small>コード: {code}</Small>
              </ItemText>
              <SmallButton
                type="button"
                aria-label={`${known[code]?.need_title ?? code}を外す`}
                onClick={() => onChange(codes.filter((chosen) => chosen !== code))}
              >
                外す
              </SmallButton>
            </Item>
          ))}
        </List>
      )}
      <NeedFinder
        chosen={codes}
        full={full}
        onAdd={(need) => {
          setKnown((current) => ({ ...current, [need.ca_unique_code]: need }));
          add([need.ca_unique_code]);
        }}
      />
      <CodePaste full={full} onAdd={add} />
    </Picker>
  );
}

/**
 * A chosen need's title: from the search, else looked up among the needs the bank can see (its own
 * companies', the network's nationwide ones: POST /api/v1/admin/matching/campaigns/needs).
 */
function ChosenNeedTitle({ code, need }: { code: string; need: StaffNeedListItem | undefined }) {
  const { data, isFetching } = useCallQuery(
    lookUpCampaignNeedsCall,
    { body: { codes: [code] } },
    { enabled: need === undefined, retry: false },
  );
  const found = data?.[0];
  if (need !== undefined) return <span>{need.need_title}</span>;
  if (found !== undefined)
    return (
      <span>
        {found.need_title}（{found.company_name}・{found.bank_name}）
      </span>
    );
  if (isFetching) return <Small>読み込み中</Small>;
  return <Small>公開中のニーズが見つかりません（保存できません）</Small>;
}

/** The keyword search over the bank's published needs. */
function NeedFinder({
  chosen,
  full,
  onAdd,
}: {
  chosen: readonly string[];
  full: boolean;
  onAdd: (need: StaffNeedListItem) => void;
}) {
  // The picker sits inside the campaign's form: Enter searches instead of saving it.
  const { keyword, setKeyword, searched, search, searchOnEnter } = useInFormSearch();
  const { data, isError, isFetching } = useCallQuery(
    searchStaffNeedsCall,
    {
      body: {
        conditions: { keyword: searched || undefined, status: 'PUBLISHING' },
        page: 1,
        rows: FOUND_ROWS,
      },
    },
    { enabled: searched !== null, retry: false },
  );
  return (
    <Finder>
      <label htmlFor="campaign-need-keyword">当行の企業のニーズを探す</label>
      <SearchInputRow>
        <TextInput
          id="campaign-need-keyword"
          type="search"
          maxLength={STAFF_MATCHING_KEYWORD_MAX_LENGTH}
          placeholder="ニーズ名・本文・企業名"
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          onKeyDown={searchOnEnter}
        />
        <SmallButton type="button" onClick={search}>
          ニーズを検索
        </SmallButton>
      </SearchInputRow>
      {isError && <Problem role="alert">ニーズの検索に失敗しました</Problem>}
      {searched !== null && isFetching && data === undefined && <Small role="status">検索中</Small>}
      {data &&
        (data.list.length === 0 ? (
          <p role="status">公開中のニーズは見つかりませんでした。</p>
        ) : (
          <List aria-label="見つかったニーズ">
            {data.list.map((need) => {
              const added = chosen.includes(need.ca_unique_code);
              return (
                <Item as="li" key={need.ca_unique_code}>
                  <ItemText>
                    <span>
                      <NeedCategoryTag code={need.need_category} /> {need.need_title}
                    </span>
                    <Small>{need.company_name}</Small>
                  </ItemText>
                  <SmallButton
                    type="button"
                    disabled={added || full}
                    aria-label={`${need.need_title}を追加`}
                    onClick={() => onAdd(need)}
                  >
                    {added ? '追加済み' : '追加'}
                  </SmallButton>
                </Item>
              );
            })}
          </List>
        ))}
    </Finder>
  );
}

/** Codes pasted as they are: separated by spaces, commas or lines; any that cannot be one is told. */
function CodePaste({ full, onAdd }: { full: boolean; onAdd: (codes: string[]) => void }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  const add = () => {
    const codes = text.split(/[\s,、]+/u).filter((code) => code !== '');
    const wrong = codes.filter((code) => !MATCHING_CODE_PATTERN.test(code));
    if (wrong.length > 0) {
      setProblem(`ニーズのコードとして使えない値があります: ${wrong.join('、')}`);
      return;
    }
    setProblem(undefined);
    onAdd(codes);
    setText('');
  };
  return (
    <Finder>
      <label htmlFor="campaign-need-codes">ニーズのコードで追加</label>
      <p>
        <Small id="campaign-need-codes-hint">
          全国ネットワークのほかの金融機関のニーズは、コードを貼り付けて追加できます（空白・カンマ区切りで複数可）。
        </Small>
      </p>
      <SearchInputRow>
        <TextInput
          id="campaign-need-codes"
          value={text}
          aria-invalid={problem !== undefined}
          aria-describedby={`campaign-need-codes-hint${problem ? ' campaign-need-codes-error' : ''}`}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            add();
          }}
        />
        <SmallButton type="button" disabled={full} onClick={add}>
          コードで追加
        </SmallButton>
      </SearchInputRow>
      {problem && <Problem id="campaign-need-codes-error">{problem}</Problem>}
    </Finder>
  );
}
