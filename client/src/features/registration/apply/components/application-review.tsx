import { useState } from 'react';
import { useNavigate } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import { REGISTRATION_CALL_MESSAGES } from '#server/contracts/registration.ts';
import type { RegistrationStepKey, RegistrationVariant } from '#server/contracts/registration-variants.ts';
import { Button } from '#client/components/button/button.tsx';
import { FactList } from '#client/components/fact-list.tsx';
import { FormActions } from '#client/components/form/form-actions.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { useSaveFlow } from '#client/lib/save-flow.ts';
import { useApplicationFacts } from '#client/features/registration/application-facts.tsx';
import { sendApplication } from '../api/application-calls.ts';
import { forgetDraftId } from '../application-draft.ts';
import {
  type ApplicationErrors,
  type ApplicationValues,
  messagesOfFieldErrors,
  stepOfField,
} from '../application-values.ts';
import { type ApplicationThanks, thankYouPathOf } from '../thank-you.ts';

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
  padding-block: ${({ theme }) => theme.spacing.md};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  header {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    align-items: center;
    gap: ${({ theme }) => theme.spacing.sm};
  }

  h3 {
    margin: 0;
  }
`;

const Review = styled.div`
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSizeLarge};
  }
`;

const Refusal = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
`;

export interface ApplicationReviewProps {
  variant: RegistrationVariant;
  draftId: string;
  values: ApplicationValues;
  onEdit(step: RegistrationStepKey): void;
  /** The server refused fields: the page goes to the first step with a message. */
  onRefused(errors: ApplicationErrors, step: RegistrationStepKey): void;
  onGone(message: string): void;
}

/** 入力内容の確認: every step as entered, each with 修正する, and 送信する. */
export function ApplicationReview({
  variant,
  draftId,
  values,
  onEdit,
  onRefused,
  onGone,
}: ApplicationReviewProps) {
  const facts = useApplicationFacts(variant, values);
  const api = useApiClient();
  const saveFlow = useSaveFlow();
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<string | undefined>();
  const [sending, setSending] = useState(false);

  async function send() {
    setSending(true);
    try {
      const outcome = await saveFlow.run(() => sendApplication(api, draftId), { successToast: false });
      if (outcome.status === 'success') {
        forgetDraftId(variant.code);
        const thanks: ApplicationThanks = { code: outcome.result.cr_unique_code, variant: variant.code };
        // Replaced: going back must not land on a sent draft's confirmation.
        await navigate(thankYouPathOf(variant.code), { replace: true, state: thanks });
        return;
      }
      if (outcome.message === REGISTRATION_CALL_MESSAGES.draftGone) return onGone(outcome.message);
      const errors = messagesOfFieldErrors(outcome.fieldErrors);
      const firstStep = variant.steps.find((step) =>
        Object.keys(errors).some((path) => stepOfField(path) === step),
      );
      if (firstStep) return onRefused(errors, firstStep);
      setRefusal(outcome.message);
    } finally {
      setSending(false);
    }
  }

  return (
    <Review>
      <h2>入力内容の確認</h2>
      <p>入力内容をご確認のうえ、「この内容で申し込む」を押してください。</p>
      {facts.map((step) => (
        <Section key={step.step} aria-labelledby={`review-${step.step}`}>
          <header>
            <h3 id={`review-${step.step}`}>{step.title}</h3>
            <Button type="button" onClick={() => onEdit(step.step)} aria-label={`${step.title}を修正する`}>
              修正する
            </Button>
          </header>
          <FactList facts={step.facts} />
        </Section>
      ))}
      {refusal && <Refusal role="alert">{refusal}</Refusal>}
      <FormActions>
        <Button type="button" $variant="main" disabled={sending} onClick={() => void send()}>
          この内容で申し込む
        </Button>
      </FormActions>
    </Review>
  );
}
