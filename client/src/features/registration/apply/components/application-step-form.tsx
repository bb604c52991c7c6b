import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { REGISTRATION_CALL_MESSAGES } from '#server/contracts/registration.ts';
import {
  REGISTRATION_STEP_TITLES,
  type RegistrationStepKey,
  type RegistrationVariant,
  stepFields,
} from '#server/contracts/registration-variants.ts';
import { Button } from '#client/components/button/button.tsx';
import { useToast } from '#client/components/feedback/toast.tsx';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { useSaveFlow } from '#client/lib/save-flow.ts';
import { saveApplicationStep } from '../api/application-calls.ts';
import {
  type ApplicationErrors,
  type ApplicationValues,
  checkStep,
  messagesOfFieldErrors,
  stepValues,
} from '../application-values.ts';
import type { ApplicationStep } from './application-steps.tsx';
import { ApplicationCard } from './application-card-section.tsx';
import { StepFormFields } from './step-form-fields.tsx';

const Form = styled.form`
  display: grid;

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSizeLarge};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.spacing.md};
  padding-top: ${({ theme }) => theme.spacing.lg};

  & > button {
    min-width: 160px;
  }
`;

const FORM_ID = 'application-step-form';

/** The control of a field's path (`company_branches.0.post_code` → company_branches_0_post_code). */
const controlOf = (path: string) => document.getElementById(path.replaceAll('.', '_'));

function focusFirst(errors: ApplicationErrors) {
  const controls = Object.keys(errors)
    .map(controlOf)
    .filter((element) => element !== null);
  controls
    .toSorted((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0]
    ?.focus();
}

export interface ApplicationStepFormProps {
  variant: RegistrationVariant;
  step: RegistrationStepKey;
  draftId: string;
  values: ApplicationValues;
  /** Messages the server gave when the application was sent, for this step's fields. */
  initialErrors: ApplicationErrors;
  onValues(update: (values: ApplicationValues) => ApplicationValues): void;
  onStep(next: ApplicationStep, expiresAt: string): void;
  onGone(message: string): void;
}

/**
 * One step of the form. 次へ checks the step as sending will, keeps it in the draft and moves on;
 * 一時保存 keeps what is entered (only its formats checked) to go on later; 戻る keeps it too.
 */
export function ApplicationStepForm({
  variant,
  step,
  draftId,
  values,
  initialErrors,
  onValues,
  onStep,
  onGone,
}: ApplicationStepFormProps) {
  const api = useApiClient();
  const saveFlow = useSaveFlow();
  const toast = useToast();
  // As in every form of the portal (use-schema-form.ts): nothing is checked until 次へ; after it,
  // each message follows its value. The server's messages stay until their field changes.
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<ApplicationErrors>(initialErrors);
  const [sending, setSending] = useState(false);
  const errors = useMemo(
    () => ({ ...(checked ? checkStep(variant, step, values) : {}), ...serverErrors }),
    [checked, variant, step, values, serverErrors],
  );
  const asked = new Map(stepFields(variant, step).map(({ key, required }) => [key, required]));
  const at = variant.steps.indexOf(step);
  const previous = variant.steps[at - 1];
  const next: ApplicationStep = variant.steps[at + 1] ?? 'confirm';

  function change(key: string, value: unknown) {
    onValues((current) => ({ ...current, [key]: value }));
    setServerErrors((current) => {
      // The field's own message and those of its parts (a branch's post code under company_branches).
      const rest = Object.fromEntries(
        Object.entries(current).filter(([path]) => path !== key && !path.startsWith(`${key}.`)),
      );
      return Object.keys(rest).length === Object.keys(current).length ? current : rest;
    });
  }

  /** Keeps the step in the draft; answers when it was kept until, or undefined when refused. */
  async function keep(): Promise<string | undefined> {
    setSending(true);
    try {
      const outcome = await saveFlow.run(
        () => saveApplicationStep(api, draftId, step, stepValues(variant, step, values)),
        { successToast: false },
      );
      if (outcome.status === 'success') return outcome.result.expires_at;
      if (outcome.message === REGISTRATION_CALL_MESSAGES.draftGone) onGone(outcome.message);
      const refused = messagesOfFieldErrors(outcome.fieldErrors);
      setServerErrors(refused);
      focusFirst(refused);
      return undefined;
    } finally {
      setSending(false);
    }
  }

  async function forward() {
    const found = checkStep(variant, step, values);
    setChecked(true);
    if (Object.keys(found).length > 0) {
      // After the render that shows them, so the focused control is read out with its message.
      requestAnimationFrame(() => focusFirst(found));
      return;
    }
    const expiresAt = await keep();
    if (expiresAt) onStep(next, expiresAt);
  }

  async function saveForLater() {
    if (await keep()) toast.success(REGISTRATION_CALL_MESSAGES.saved);
  }

  async function back() {
    if (!previous) return;
    const expiresAt = await keep();
    if (expiresAt) onStep(previous, expiresAt);
  }

  return (
    <>
      <Form
        id={FORM_ID}
        noValidate
        aria-labelledby="application-step-heading"
        onSubmit={(event) => {
          event.preventDefault();
          void forward();
        }}
      >
        <h2 id="application-step-heading">{REGISTRATION_STEP_TITLES[step]}</h2>
        <StepFormFields step={step} values={values} errors={errors} asked={asked} onChange={change} />
      </Form>
      {/* Beside the step's form, not in it: the card is a form of its own. */}
      <ApplicationCard values={values} errors={errors} asked={asked} onChange={change} />
      <Actions>
        {previous && (
          <Button type="button" disabled={sending} onClick={() => void back()}>
            戻る
          </Button>
        )}
        <Button type="button" disabled={sending} onClick={() => void saveForLater()}>
          一時保存
        </Button>
        <Button type="submit" form={FORM_ID} $variant="main" disabled={sending}>
          {next === 'confirm' ? '入力内容の確認へ' : '次へ'}
        </Button>
      </Actions>
    </>
  );
}
