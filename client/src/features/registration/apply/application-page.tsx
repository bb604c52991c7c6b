import { useEffect, useState } from 'react';
import { Notice } from '#client/components/feedback/notice.ts';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import type {
  RegistrationStepKey,
  RegistrationVariantCode,
} from '#server/contracts/registration-variants.ts';
import { PageFrame } from '#client/components/page-frame.tsx';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { formatJapaneseDateTime } from '#client/lib/date-format.ts';
import { readApplication } from './api/application-calls.ts';
import { draftFragment, findDraftId, forgetDraftId, keepDraftId } from './application-draft.ts';
import { type ApplicationValues, enteredValues } from './application-values.ts';
import { ApplicationReview } from './components/application-review.tsx';
import { type ApplicationStep, ApplicationSteps } from './components/application-steps.tsx';
import { DraftIdContext } from './components/draft-id-context.ts';
import { ApplicationStepForm } from './components/application-step-form.tsx';
import { agreementPathOf } from './application-paths.ts';
import { useOfferedVariant } from './offered-variants.ts';

const Kept = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme }) => theme.colors.textMuted};
`;

type DraftState =
  | { kind: 'loading' }
  | { kind: 'gone'; message: string }
  | { kind: 'ready'; values: ApplicationValues; expiresAt: string };

/**
 * /register/{variant}: the variant's form, one step at a time (`?step=company`), each step kept in
 * the server's draft before the next, then everything on the confirmation page (`?step=confirm`)
 * before it is sent. Without a draft (no agreement yet) the visitor goes to the agreement first.
 */
export function ApplicationPage({ code }: { code: RegistrationVariantCode }) {
  const variant = useOfferedVariant(code);
  const { hash } = useLocation();
  const draftId = findDraftId(variant.code, hash);
  if (!draftId) return <Navigate replace to={agreementPathOf(variant.code)} />;
  return (
    <DraftIdContext value={draftId}>
      <PageFrame title={variant.title}>
        <ApplicationDraft key={draftId} code={variant.code} draftId={draftId} />
      </PageFrame>
    </DraftIdContext>
  );
}

function ApplicationDraft({ code, draftId }: { code: RegistrationVariantCode; draftId: string }) {
  const variant = useOfferedVariant(code);
  const api = useApiClient();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const [searchParams] = useSearchParams();
  const [draft, setDraft] = useState<DraftState>({ kind: 'loading' });
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    let current = true;
    void readApplication(api, draftId).then((outcome) => {
      if (!current) return;
      if (outcome.status === 'success' && outcome.result.variant === variant.code) {
        keepDraftId(variant.code, draftId);
        setDraft({
          kind: 'ready',
          values: enteredValues(variant, outcome.result.values),
          expiresAt: outcome.result.expires_at,
        });
      } else {
        forgetDraftId(variant.code);
        setDraft({ kind: 'gone', message: outcome.status === 'error' ? outcome.message : '' });
      }
    });
    return () => {
      current = false;
    };
  }, [api, draftId, variant]);

  // A draft found in this browser's storage: its id goes into the address, to be bookmarked.
  const fragment = draftFragment(draftId);
  useEffect(() => {
    if (hash !== fragment)
      void navigate({ search: window.location.search, hash: fragment }, { replace: true });
  }, [hash, fragment, navigate]);

  if (draft.kind === 'loading') return <p role="status">入力内容を読み込んでいます…</p>;
  if (draft.kind === 'gone')
    return (
      <Notice role="alert">
        <p>{draft.message}</p>
        <p>
          <Link to={agreementPathOf(variant.code)}>お申し込みを最初から始める</Link>
        </p>
      </Notice>
    );

  const asked = searchParams.get('step');
  const step: ApplicationStep =
    asked === 'confirm' || variant.steps.includes(asked as RegistrationStepKey)
      ? (asked as ApplicationStep)
      : (variant.steps[0] ?? 'confirm');
  const goTo = (next: ApplicationStep) => {
    window.scrollTo({ top: 0 });
    void navigate({ search: `?step=${next}`, hash: fragment });
  };
  const updateValues = (update: (values: ApplicationValues) => ApplicationValues) =>
    setDraft((current) =>
      current.kind === 'ready' ? { ...current, values: update(current.values) } : current,
    );

  return (
    <>
      <ApplicationSteps steps={variant.steps} current={step} />
      <Kept>{`入力内容は${formatJapaneseDateTime(draft.expiresAt)}まで保存されます。このページのアドレスを保存しておくと、続きから入力できます。`}</Kept>
      {step === 'confirm' ? (
        <ApplicationReview
          variant={variant}
          draftId={draftId}
          values={draft.values}
          onEdit={goTo}
          onRefused={(errors, firstStep) => {
            setServerErrors(errors);
            goTo(firstStep);
          }}
          onGone={(message) => setDraft({ kind: 'gone', message })}
        />
      ) : (
        <ApplicationStepForm
          key={step}
          variant={variant}
          step={step}
          draftId={draftId}
          values={draft.values}
          initialErrors={serverErrors}
          onValues={updateValues}
          onStep={(next, expiresAt) => {
            setServerErrors({});
            setDraft((current) => (current.kind === 'ready' ? { ...current, expiresAt } : current));
            goTo(next);
          }}
          onGone={(message) => setDraft({ kind: 'gone', message })}
        />
      )}
    </>
  );
}
