import styled from 'styled-components';
import {
  COMPANY_LOGO_CONTENT_TYPES,
  COMPANY_LOGO_MAX_BYTES,
  type CompanyLogoFile,
} from '#server/contracts/company-profile.ts';
import { describedControl, FieldRow } from '#client/components/form/field-row.tsx';
import { ChoiceLabel } from '#client/components/form/form-controls.ts';

/** What the user has asked of the logo: a new image to upload, or the current one taken away. */
export interface LogoChoice {
  file: File | null;
  remove: boolean;
}

export const NO_LOGO_CHANGE: LogoChoice = { file: null, remove: false };

export const LOGO_FIELD_NAME = 'company_logo';

const Current = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.md};
  align-items: center;

  img {
    width: 96px;
    height: 96px;
    object-fit: contain;
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Status = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
`;

export interface CompanyLogoFieldProps {
  /** The logo the company has now. */
  current: CompanyLogoFile | null;
  choice: LogoChoice;
  error: string | undefined;
  onChange(choice: LogoChoice): void;
}

/**
 * The company's logo (ロゴ画像): the current one, a file to replace it with, or a tick to take it
 * away. Nothing is sent until the form is saved; the server tells the file's type by its content.
 */
export function CompanyLogoField({ current, choice, error, onChange }: CompanyLogoFieldProps) {
  const row = {
    name: LOGO_FIELD_NAME,
    hint: `PNG・JPEG・GIF・WebPの画像（${COMPANY_LOGO_MAX_BYTES / 1048576}MBまで）。画面上部の企業ロゴに表示されます。`,
    error,
  };
  return (
    <FieldRow label="ロゴ画像" {...row}>
      <Current>
        {current ? <img src={current.file_url} alt="現在のロゴ" /> : <p>ロゴは登録されていません。</p>}
      </Current>
      <input
        {...describedControl(LOGO_FIELD_NAME, row)}
        type="file"
        accept={COMPANY_LOGO_CONTENT_TYPES.join(',')}
        onChange={(event) => onChange({ file: event.target.files?.[0] ?? null, remove: false })}
      />
      {choice.file && <Status role="status">「{choice.file.name}」を保存時に登録します。</Status>}
      {current && !choice.file && (
        <ChoiceLabel>
          <input
            type="checkbox"
            checked={choice.remove}
            onChange={(event) => onChange({ file: null, remove: event.target.checked })}
          />
          ロゴを削除する
        </ChoiceLabel>
      )}
    </FieldRow>
  );
}
