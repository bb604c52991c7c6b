import { useRef } from 'react';
import { Link, useNavigate, useSearchParams } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import * as z from 'zod/mini';
import { registrationAgreementSchema } from '#server/contracts/registration.ts';
import { ExternalLink } from '#client/components/external-link.tsx';
import { ChoiceLabel } from '#client/components/form/form-controls.ts';
import { PageFrame } from '#client/components/page-frame.tsx';
import { HoneypotField } from '#client/components/form/honeypot-field.tsx';
import { FormSubmitRow } from '#client/components/form/form-submit-row.tsx';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { useSchemaForm } from '#client/lib/forms/use-schema-form.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { useSaveFlow } from '#client/lib/save-flow.ts';
import { startApplication } from './api/application-calls.ts';
import { draftFragment, keepDraftId } from './application-draft.ts';
import { applicationPathOf } from './application-paths.ts';
import { termsPathOf, useOfferedVariant } from './offered-variants.ts';

/** What the visitor ticks: the schema's boxes (the variant and the time are the page's). */
const agreementFormSchema = z.pick(registrationAgreementSchema, {
  agree1: true,
  anti_social_check: true,
  agree2: true,
  homepage_url: true,
});

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
`;

const Agreement = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs};
  margin: 0;
  padding: ${({ theme }) => theme.spacing.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};

  legend {
    padding-inline: ${({ theme }) => theme.spacing.xs};
    font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  }

  p {
    margin: 0;
  }
`;

const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
`;

type Box = 'agree1' | 'anti_social_check' | 'agree2';

/**
 * /register/agreement?variant=…: the terms (agree1, and when it was ticked), the declaration that
 * the company has nothing to do with anti-social forces, and the handling of personal data
 * (agree2). Agreeing opens the application's draft and goes on to the variant's form.
 */
export function RegisterAgreementPage() {
  const [searchParams] = useSearchParams();
  const variant = useOfferedVariant(searchParams.get('variant'));
  const { privacy_url: privacyUrl, bank } = useAppConfig();
  const api = useApiClient();
  const saveFlow = useSaveFlow();
  const navigate = useNavigate();
  const agreedAt = useRef<string | undefined>(undefined);
  const form = useSchemaForm(agreementFormSchema, {
    defaultValues: { agree1: false, anti_social_check: false, agree2: false, homepage_url: '' },
  });

  const submit = form.handleSubmit(async (agreement) => {
    const outcome = await saveFlow.run(
      () =>
        startApplication(api, {
          ...agreement,
          variant: variant.code,
          agree1_at: agreedAt.current ?? new Date().toISOString(),
        }),
      { successToast: false },
    );
    if (outcome.status !== 'success') return;
    keepDraftId(variant.code, outcome.result.draft_id);
    await navigate(`${applicationPathOf(variant.code)}${draftFragment(outcome.result.draft_id)}`);
  });

  const box = (name: Box, label: string) => {
    const error = form.errors[name];
    const control = form.registerCheckbox(name);
    return (
      <>
        <ChoiceLabel>
          <input
            type="checkbox"
            {...control}
            onChange={(event) => {
              if (name === 'agree1')
                agreedAt.current = event.target.checked ? new Date().toISOString() : undefined;
              control.onChange(event);
            }}
            aria-required="true"
            aria-describedby={error ? `${name}-error` : undefined}
          />
          {label}
        </ChoiceLabel>
        {error && <ErrorText id={`${name}-error`}>{error}</ErrorText>}
      </>
    );
  };

  return (
    <PageFrame title={variant.title}>
      <Form noValidate onSubmit={(event) => void submit(event)} aria-label="お申し込みの前の同意">
        <Agreement>
          <legend>利用規約</legend>
          <p>
            <Link to={termsPathOf(variant.code)} target="_blank">
              利用規約
            </Link>
            をお読みいただき、同意のうえお申し込みください。
          </p>
          {box('agree1', '利用規約に同意する')}
        </Agreement>
        <Agreement>
          <legend>反社会的勢力でないことの表明・確約</legend>
          <p>
            申込者および申込企業（その役員を含みます）が、暴力団、暴力団員、暴力団関係企業その他の反社会的勢力に該当せず、将来にわたっても該当しないことを表明し、確約してください。
          </p>
          {box('anti_social_check', '反社会的勢力に該当しないことを表明・確約する')}
        </Agreement>
        <Agreement>
          <legend>個人情報の取り扱い</legend>
          <p>
            ご入力いただいた個人情報は、{bank.name}の
            <ExternalLink href={privacyUrl}>プライバシーポリシー</ExternalLink>
            に従い、お申し込みの審査とサービスのご案内のために利用します。
          </p>
          {box('agree2', '個人情報の取り扱いに同意する')}
        </Agreement>
        <HoneypotField {...form.register('homepage_url')} />
        <FormSubmitRow disabled={form.isSubmitting}>同意して入力に進む</FormSubmitRow>
      </Form>
    </PageFrame>
  );
}
