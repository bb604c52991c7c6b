import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useId, useMemo, useState } from 'react';
import { useNavigate } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import {
  BULK_CREATE_COLUMNS,
  BULK_CREATE_MAX_ROWS,
  BULK_CREATE_MESSAGES,
  createAllCompaniesCall,
  type RowError,
  rowErrorsOf,
} from '#server/contracts/company-bulk-create.ts';
import { COMPANY_TYPE_CODES } from '#server/contracts/account-types.ts';
import { Button } from '#client/components/button/button.tsx';
import { Notice } from '#client/components/feedback/notice.ts';
import { useToast } from '#client/components/feedback/toast.tsx';
import { FormActions } from '#client/components/form/form-actions.ts';
import { useErrorReporter } from '#client/lib/error-reporting.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { DEFAULT_ERROR_MESSAGE, messageOfBody, RequestFailedError } from '#client/lib/request/http-error.ts';
import { COMPANY_DESK_PATH } from '../company-desk-paths.ts';
import { checkBulkCreateRows, createAllCompanies } from './bulk-create-calls.ts';
import { type BulkFileRow, readBulkCreateFile } from './bulk-create-file.ts';
import { BulkCreatePreview, type PreviewRow } from './bulk-create-preview.tsx';
import { BULK_CREATE_TEMPLATE_FILE_NAME, bulkCreateTemplateHref } from './bulk-create-template.ts';

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};

  & + & {
    margin-top: ${({ theme }) => theme.spacing.lg};
  }

  p {
    margin: 0;
  }
`;

const Heading = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizeLarge};
`;

const Columns = styled.ul`
  margin: 0;
  padding-left: 1.5em;
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
`;

const Picker = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
  align-items: center;

  input {
    min-height: 44px;
    font: inherit;
  }
`;

const TemplateLink = styled.a`
  color: ${({ theme }) => theme.colors.link};
`;

const Progress = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs};
  padding: ${({ theme }) => theme.spacing.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radii.md};

  progress {
    width: 100%;
    height: 12px;
    accent-color: ${({ theme }) => theme.colors.main};
  }
`;

const Summary = styled.p<{ $error: boolean }>`
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  color: ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.text)};
`;

type Step = 'reading' | 'checking' | 'creating';

/** The file read and checked: its rows, and each row's errors by its index in the rows. */
interface CheckedFile {
  name: string;
  rows: BulkFileRow[];
  errors: Map<number, RowError[]>;
  /** Sent with the create (Idempotency-Key): a retry of this file after a lost answer creates nothing twice. */
  requestKey: string;
}

/** What the progress bar says it is waiting for. */
function stepLabel(step: Step, rowCount: number): string {
  const rows = `${rowCount.toLocaleString('ja-JP')}件`;
  if (step === 'reading') return 'ファイルを読み込んでいます';
  if (step === 'checking') return `${rows}の内容を確認しています`;
  return `${rows}を登録しています。しばらくお待ちください`;
}

/** What each column holds, under the template link. */
function columnNote(column: (typeof BULK_CREATE_COLUMNS)[number]): string {
  const notes: Partial<Record<(typeof BULK_CREATE_COLUMNS)[number]['key'], string>> = {
    company_name_kana: '全角カタカナ',
    company_type: COMPANY_TYPE_CODES.join('・'),
    company_corporate_number: '13桁の半角数字',
    bb_code: '3桁の店番',
    company_tel: '例：03-1234-5678',
    user_last_name_kana: '全角カタカナ',
    user_first_name_kana: '全角カタカナ',
    user_login_id: '空欄なら自動で発行',
  };
  const parts = [column.required ? '必須' : '任意', notes[column.key]].filter(Boolean);
  return `${column.header}（${parts.join('、')}）`;
}

/**
 * /admin/company/bulk-create's work: the template to download, the file to choose (CSV in UTF-8 or
 * Shift_JIS, or Excel), then every row read in the browser and checked by the server, shown with
 * its errors beside it; 登録する, enabled only when no row has an error, creates them all in one
 * transaction. A progress bar says what it waits for while the file is read, checked and created.
 * Created: 保存しました and the company list. Refused (the server answered an error): 保存に失敗しました
 * and each row's errors in the table; any other failure: エラーが発生しました.
 */
export function BulkCreatePanel() {
  const api = useApiClient();
  const toast = useToast();
  const reporter = useErrorReporter();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const fileInputId = useId();
  const progressId = useId();
  const [step, setStep] = useState<Step | null>(null);
  const [pendingRows, setPendingRows] = useState(0);
  const [checked, setChecked] = useState<CheckedFile | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const previewRows = useMemo<PreviewRow[]>(
    () => checked?.rows.map((row, index) => ({ ...row, errors: checked.errors.get(index) ?? [] })) ?? [],
    [checked],
  );
  const errorRowCount = checked?.errors.size ?? 0;
  const busy = step !== null;

  async function choose(file: File) {
    setChecked(null);
    setProblem(null);
    setStep('reading');
    try {
      const reading = await readBulkCreateFile(file);
      if (reading.kind === 'refused') {
        setProblem(reading.message);
        return;
      }
      setPendingRows(reading.rows.length);
      setStep('checking');
      const answer = await checkBulkCreateRows(
        api,
        reading.rows.map((row) => row.values),
      );
      setChecked({
        name: file.name,
        rows: reading.rows,
        errors: rowErrorsOf(answer.errors),
        requestKey: crypto.randomUUID(),
      });
    } catch (error) {
      if (!(error instanceof RequestFailedError)) reporter.captureException(error);
      toast.error(BULK_CREATE_MESSAGES.failed);
      setProblem(
        error instanceof RequestFailedError && error.refusal
          ? messageOfBody(error.refusal)
          : BULK_CREATE_MESSAGES.failed,
      );
    } finally {
      setStep(null);
    }
  }

  async function create(file: CheckedFile) {
    setProblem(null);
    setPendingRows(file.rows.length);
    setStep('creating');
    try {
      const outcome = await createAllCompanies(
        api,
        file.rows.map((row) => row.values),
        file.requestKey,
      );
      if (outcome.status === 'success') {
        toast.success(BULK_CREATE_MESSAGES.saved);
        await queryClient.invalidateQueries({ queryKey: [createAllCompaniesCall.domain] });
        await navigate(COMPANY_DESK_PATH);
        return;
      }
      // An answer with a message is the server's refusal (rows with errors, each shown in the
      // table); without one the request failed on its way (the request layer's default message).
      const refused = outcome.message !== DEFAULT_ERROR_MESSAGE;
      toast.error(refused ? BULK_CREATE_MESSAGES.saveFailed : BULK_CREATE_MESSAGES.failed);
      const errors = rowErrorsOf(outcome.fieldErrors);
      if (errors.size > 0) setChecked({ ...file, errors });
      setProblem(refused ? outcome.message : BULK_CREATE_MESSAGES.failed);
    } catch (error) {
      reporter.captureException(error);
      toast.error(BULK_CREATE_MESSAGES.failed);
      setProblem(BULK_CREATE_MESSAGES.failed);
    } finally {
      setStep(null);
    }
  }

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again (after fixing it) must fire a change too.
    event.target.value = '';
    if (file) void choose(file);
  };

  return (
    <>
      <Section aria-labelledby="bulk-create-file">
        <Heading id="bulk-create-file">ファイルの選択</Heading>
        <p>
          CSV（UTF-8またはShift_JIS）またはExcel（.xlsx）のファイルから、企業とそのオーナーの利用者をまとめて登録します。1行目は見出しの行、2行目から1行に1社です（一度に
          {BULK_CREATE_MAX_ROWS.toLocaleString('ja-JP')}件まで）。
        </p>
        <p>
          <TemplateLink href={bulkCreateTemplateHref()} download={BULK_CREATE_TEMPLATE_FILE_NAME}>
            テンプレート（CSV）をダウンロード
          </TemplateLink>
        </p>
        <Columns aria-label="ファイルの列">
          {BULK_CREATE_COLUMNS.map((column) => (
            <li key={column.key}>{columnNote(column)}</li>
          ))}
        </Columns>
        <Picker>
          <label htmlFor={fileInputId}>ファイル</label>
          <input
            id={fileInputId}
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            disabled={busy}
            onChange={onFileChange}
          />
        </Picker>
      </Section>

      {step !== null && (
        <Progress role="status">
          <label htmlFor={progressId}>{stepLabel(step, pendingRows)}</label>
          <progress id={progressId} />
        </Progress>
      )}

      {problem !== null && (
        <Notice role="alert">
          <p>{problem}</p>
        </Notice>
      )}

      {checked && (
        <Section aria-labelledby="bulk-create-preview">
          <Heading id="bulk-create-preview">読み込んだ内容</Heading>
          <Summary $error={errorRowCount > 0}>
            {`${checked.name}：全${checked.rows.length.toLocaleString('ja-JP')}件`}
            {errorRowCount > 0
              ? `、エラーのある行が${errorRowCount.toLocaleString('ja-JP')}件あります。ファイルを直して、もう一度選んでください。`
              : '。エラーはありません。'}
          </Summary>
          <BulkCreatePreview key={checked.name} rows={previewRows} errorRowCount={errorRowCount} />
          <p>登録すると、各行の企業とオーナーの利用者を作成し、オーナーにログイン方法をメールで送ります。</p>
          <FormActions>
            <Button
              type="button"
              $variant="main"
              disabled={busy || errorRowCount > 0}
              onClick={() => void create(checked)}
            >
              登録する
            </Button>
          </FormActions>
        </Section>
      )}
    </>
  );
}
