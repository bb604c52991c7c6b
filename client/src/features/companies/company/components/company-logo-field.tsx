import {
  COMPANY_LOGO_CONTENT_TYPES,
  COMPANY_LOGO_MAX_BYTES,
  type CompanyLogoFile,
} from '#server/contracts/company-profile.ts';
import { type ImageChoice, ImageFileField } from '#client/components/form/image-file-field.tsx';

/** What the user has asked of the logo: a new image to upload, or the current one taken away. */
export type LogoChoice = ImageChoice;

export const LOGO_FIELD_NAME = 'company_logo';

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
export function CompanyLogoField(props: CompanyLogoFieldProps) {
  return (
    <ImageFileField
      name={LOGO_FIELD_NAME}
      label="ロゴ画像"
      hint={`PNG・JPEG・GIF・WebPの画像（${COMPANY_LOGO_MAX_BYTES / 1048576}MBまで）。画面上部の企業ロゴに表示されます。`}
      currentAlt="現在のロゴ"
      noneText="ロゴは登録されていません。"
      removeLabel="ロゴを削除する"
      contentTypes={COMPANY_LOGO_CONTENT_TYPES}
      shape="square"
      {...props}
    />
  );
}
