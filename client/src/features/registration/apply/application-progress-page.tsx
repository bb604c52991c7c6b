import { useState } from 'react';
import styled from 'styled-components';
import {
  APPLICATION_PROGRESS,
  applicationProgressCall,
  applicationProgressSchema,
} from '#server/contracts/registration.ts';
import type { CallResult } from '#server/contracts/call.ts';
import type { RegistrationVariantCode } from '#server/contracts/registration-variants.ts';
import { FactList } from '#client/components/fact-list.tsx';
import { describedControl, FieldRow } from '#client/components/form/field-row.tsx';
import { TextInput } from '#client/components/form/form-controls.ts';
import { FormSubmitRow } from '#client/components/form/form-submit-row.tsx';
import { PageFrame } from '#client/components/page-frame.tsx';
import { formatJapaneseDateTime } from '#client/lib/date-format.ts';
import { type FieldName, useSchemaForm } from '#client/lib/forms/use-schema-form.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/save-call.ts';
import { useSaveFlow } from '#client/lib/save-flow.ts';
import { useOfferedVariant } from './offered-variants.ts';

type Progress = CallResult<typeof applicationProgressCall>;

const Answer = styled.section<{ $tone: 'info' | 'error' }>`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
  margin-top: ${({ theme }) => theme.spacing.lg};
  padding: ${({ theme }) => theme.spacing.md};
  border: 1px solid ${({ theme, $tone }) => ($tone === 'error' ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};

  p {
    margin: 0;
  }
`;

/**
 * /register/{bizsol|ibmft}/progress: where an application stands, asked with the number and the
 * address the receipt mail went to. The answer is the applicant's words, not the desk's.
 */
export function ApplicationProgressPage({ code }: { code: RegistrationVariantCode }) {
  const variant = useOfferedVariant(code);
  const api = useApiClient();
  const saveFlow = useSaveFlow();
  const [answer, setAnswer] = useState<{ progress: Progress } | { refusal: string } | undefined>();
  const form = useSchemaForm(applicationProgressSchema, { defaultValues: { cr_unique_code: '', email: '' } });

  const submit = form.handleSubmit(async (question) => {
    const outcome = await saveFlow.run(
      () => saveCall(api, applicationProgressCall, { body: question }, { onNotFound: 'refusal' }),
      // The answer, a refusal included, is shown below the form: no toast of a save.
      { successToast: false, errorToast: false },
    );
    if (outcome.status === 'success') return setAnswer({ progress: outcome.result });
    const unplaced = form.showServerErrors(outcome.fieldErrors);
    if (Object.keys(outcome.fieldErrors).length === 0 || unplaced.length > 0)
      setAnswer({ refusal: outcome.message });
  });

  const field = (name: FieldName<typeof applicationProgressSchema>, hint: string) => ({
    name,
    required: true,
    hint,
    error: form.errors[name],
  });
  const number = field('cr_unique_code', '受付のメールに記載の申込番号です。');
  const email = field('email', 'お申し込みのときに入力したメールアドレスです。');
  return (
    <PageFrame title={`${variant.title} 申込状況の確認`}>
      <form noValidate onSubmit={(event) => void submit(event)} aria-label="申込状況の確認">
        <FieldRow optionalTag label="申込番号" {...number}>
          <TextInput {...describedControl(number.name, number)} {...form.register('cr_unique_code')} />
        </FieldRow>
        <FieldRow optionalTag label="メールアドレス" {...email}>
          <TextInput
            {...describedControl(email.name, email)}
            {...form.register('email')}
            type="email"
            autoComplete="email"
          />
        </FieldRow>
        <FormSubmitRow disabled={form.isSubmitting}>確認する</FormSubmitRow>
      </form>
      {answer && 'progress' in answer && (
        <Answer $tone="info" role="status" aria-label="申込状況">
          <p>{APPLICATION_PROGRESS[answer.progress.status]}</p>
          <FactList
            facts={[
              { term: '申込番号', value: answer.progress.cr_unique_code },
              { term: '申込種別', value: answer.progress.variant_title },
              { term: '申込日時', value: formatJapaneseDateTime(answer.progress.applied_at) },
              ...(answer.progress.decided_at
                ? [{ term: '審査日時', value: formatJapaneseDateTime(answer.progress.decided_at) }]
                : []),
            ]}
          />
        </Answer>
      )}
      {answer && 'refusal' in answer && (
        <Answer $tone="error" role="alert">
          <p>{answer.refusal}</p>
        </Answer>
      )}
    </PageFrame>
  );
}
