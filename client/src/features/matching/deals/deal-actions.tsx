import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import * as z from 'zod/mini';
import { callKey } from '#server/contracts/call.ts';
import {
  acceptDealCall,
  concludeDealCall,
  DEAL_MESSAGE_MAX_LENGTH,
  DEAL_MESSAGES,
  type DealDetail,
  dealDecisionBodySchema,
  dealMessageBodySchema,
  declineDealCall,
  getDealCall,
  OPEN_DEAL_STATUSES,
  replyDealCall,
  withdrawDealCall,
} from '#server/contracts/matching-deals.ts';
import { characterCount } from '#server/contracts/text-length.ts';
import { specErrorMap } from '#server/contracts/zod-error-map.ts';
import { Button } from '#client/components/button/button.tsx';
import {
  ConfirmDialog,
  ConfirmFieldError,
  ConfirmFields,
} from '#client/components/command/confirm-dialog.tsx';
import { refusalReason, useCommand } from '#client/components/command/use-command.ts';
import { DangerButton } from '#client/components/danger-button.ts';
import { Notice } from '#client/components/feedback/notice.ts';
import { describedControl, FieldRow } from '#client/components/form/field-row.tsx';
import { TextArea } from '#client/components/form/form-controls.ts';
import { badgeCountsQuery } from '#client/components/navigation/badge-polling.ts';
import { useSchemaForm } from '#client/lib/forms/use-schema-form.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';
import type { SaveOutcome } from '#client/lib/request/save-request.ts';
import { AgreementRequiredNotice, useOwnAgreement } from '../components/matching-agreement-notice.tsx';
import { MatchingPartForm, MatchingPart } from '../components/matching-part.ts';

/** What a command on the deal is, and the toast its success shows. */
type Command = 'reply' | 'accept' | 'decline' | 'withdraw' | 'contracted' | 'not_contracted';
type Decision = Exclude<Command, 'reply'>;

const DONE_MESSAGES: Record<Command, string> = {
  reply: DEAL_MESSAGES.replied,
  accept: DEAL_MESSAGES.accepted,
  decline: DEAL_MESSAGES.declined,
  withdraw: DEAL_MESSAGES.withdrawn,
  contracted: DEAL_MESSAGES.concluded,
  not_contracted: DEAL_MESSAGES.concluded,
};

/** Each decision's dialog: its title, what it does, its button, and whether a word may go with it. */
const DECISIONS: Record<
  Decision,
  { title: string; question: string; confirm: string; danger: boolean; withMessage: boolean }
> = {
  accept: {
    title: '商談依頼の承諾',
    question: 'この商談依頼を承諾して、商談を開始します。相手の企業にメールでお知らせします。',
    confirm: '承諾して商談を開始',
    danger: false,
    withMessage: true,
  },
  decline: {
    title: '商談依頼の辞退',
    question: 'この商談依頼を辞退します。辞退した商談は再開できません。',
    confirm: '辞退する',
    danger: true,
    withMessage: true,
  },
  withdraw: {
    title: '商談依頼の取り下げ',
    question: 'この商談依頼を取り下げます。取り下げた商談は再開できません。',
    confirm: '取り下げる',
    danger: true,
    withMessage: true,
  },
  contracted: {
    title: '商談結果の登録（成約）',
    question: 'この商談を「成約」として終了します。よろしいですか？',
    confirm: '成約として登録する',
    danger: false,
    withMessage: false,
  },
  not_contracted: {
    title: '商談結果の登録（不成立）',
    question: 'この商談を「不成立」として終了します。よろしいですか？',
    confirm: '不成立として登録する',
    danger: true,
    withMessage: false,
  },
};

const ReplyArea = styled(TextArea)`
  min-height: 8em;
`;

/** The reply's send button, under the text area's end. */
const ReplyActions = styled.div`
  display: flex;
  justify-content: flex-end;

  & > button {
    width: 100%;

    ${({ theme }) => theme.media.tabletUp} {
      width: auto;
      min-width: 200px;
    }
  }
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};

  & > button {
    flex: 1 1 12em;

    ${({ theme }) => theme.media.tabletUp} {
      flex: 0 0 auto;
    }
  }
`;

const Decisions = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => theme.spacing.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radii.md};

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSizeBase};
  }
`;

/**
 * Runs a command on the deal through the save flow (overlay, toasts): on success the deal on the
 * page is the command's answer and its toast is said; either way the deal, the lists and the
 * unanswered-matching badge load again, so the menu's count follows at once. A refusal with a reason
 * (the deal no longer open) is handed back for the page to show.
 */
function useDealCommand(deal: DealDetail, onRefused: (message: string | undefined) => void) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { run } = useCommand();
  const params = { cmh_unique_code: deal.cmh_unique_code };
  return (command: Command, send: () => Promise<SaveOutcome<DealDetail>>) => {
    onRefused(undefined);
    return run(send, {
      done: DONE_MESSAGES[command],
      after: async (outcome) => {
        if (outcome.status === 'success')
          queryClient.setQueryData(callKey(getDealCall, { params }), outcome.result);
        else if (Object.keys(outcome.fieldErrors).length === 0) onRefused(refusalReason(outcome));
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: [getDealCall.domain] }),
          queryClient.invalidateQueries({ queryKey: badgeCountsQuery(api).queryKey }),
        ]);
      },
    });
  };
}

/**
 * What the company may do with the deal now, as the server's answer allows it (can_*): reply,
 * accept and start negotiating, decline, withdraw, or close a negotiation as concluded or not; each
 * decision asked again in a dialog. A closed deal, or a user without the matching's use, says why
 * nothing is offered; a company that has not agreed to the matching terms is shown the way to them
 * instead of 承諾.
 */
export function DealActions({ deal }: { deal: DealDetail }) {
  const api = useApiClient();
  const [refusal, setRefusal] = useState<string>();
  const [asking, setAsking] = useState<Decision | null>(null);
  const run = useDealCommand(deal, setRefusal);
  const params = { cmh_unique_code: deal.cmh_unique_code };
  // Taking a request up needs the matching terms agreed to: asked before, not told after.
  const agreement = useOwnAgreement({ enabled: deal.can_accept });
  const mustAgree = deal.can_accept && agreement.data?.agreed === false;
  const decisions: Decision[] = [
    ...(deal.can_accept && !mustAgree ? (['accept'] as const) : []),
    ...(deal.can_decline ? (['decline'] as const) : []),
    ...(deal.can_withdraw ? (['withdraw'] as const) : []),
    ...(deal.can_conclude ? (['contracted', 'not_contracted'] as const) : []),
  ];
  const isOpen = (OPEN_DEAL_STATUSES as readonly string[]).includes(deal.cmh_status);

  const decide = (decision: Decision, message: string) =>
    run(decision, () => {
      switch (decision) {
        case 'accept':
          return saveCall(api, acceptDealCall, { params, body: { message } });
        case 'decline':
          return saveCall(api, declineDealCall, { params, body: { message } });
        case 'withdraw':
          return saveCall(api, withdrawDealCall, { params, body: { message } });
        default:
          return saveCall(api, concludeDealCall, { params, body: { cmh_status: decision } });
      }
    });

  return (
    <MatchingPart aria-labelledby="deal-actions-heading">
      <h2 id="deal-actions-heading">返信・操作</h2>
      {refusal === DEAL_MESSAGES.agreementRequired ? (
        <AgreementRequiredNotice refused />
      ) : (
        refusal && (
          <Notice role="alert">
            <p>{refusal}</p>
          </Notice>
        )
      )}
      {mustAgree && refusal !== DEAL_MESSAGES.agreementRequired && <AgreementRequiredNotice />}
      {deal.can_reply && <DealReplyForm deal={deal} run={run} />}
      {decisions.length > 0 && (
        <Decisions>
          <h3>{deal.can_conclude ? '商談の結果' : '商談依頼への対応'}</h3>
          <Buttons>
            {decisions.map((decision) => {
              const Action = DECISIONS[decision].danger ? DangerButton : Button;
              return (
                <Action
                  key={decision}
                  type="button"
                  $variant={decision === 'accept' || decision === 'contracted' ? 'main' : 'plain'}
                  onClick={() => setAsking(decision)}
                >
                  {DECISION_BUTTONS[decision]}
                </Action>
              );
            })}
          </Buttons>
        </Decisions>
      )}
      {!deal.can_reply && decisions.length === 0 && (
        <p>
          {isOpen
            ? 'この商談への返信や操作には、ビジネスマッチングの利用権限が必要です。'
            : 'この商談は終了しています。'}
        </p>
      )}
      {asking && (
        <DecisionDialog
          key={asking}
          decision={asking}
          onClose={() => setAsking(null)}
          onConfirm={async (message) => {
            const outcome = await decide(asking, message);
            // A refusal of the word itself stays in the dialog; any other answer closes it.
            const [wordRefused] = outcome?.status === 'error' ? (outcome.fieldErrors.message ?? []) : [];
            if (wordRefused === undefined) setAsking(null);
            return wordRefused;
          }}
        />
      )}
    </MatchingPart>
  );
}

/** The buttons' words: what each decision does, as the issue names them. */
const DECISION_BUTTONS: Record<Decision, string> = {
  accept: '承諾して商談を開始',
  decline: '辞退',
  withdraw: '取り下げ',
  contracted: '成約',
  not_contracted: '不成立',
};

/** The reply: a message to the counterpart, checked with the call's schema. */
function DealReplyForm({ deal, run }: { deal: DealDetail; run: ReturnType<typeof useDealCommand> }) {
  const api = useApiClient();
  const form = useSchemaForm(dealMessageBodySchema, { defaultValues: { message: '' } });
  const row = {
    name: 'message',
    required: true,
    hint: `${DEAL_MESSAGE_MAX_LENGTH}文字以内（${characterCount(form.values.message)}文字入力済み）`,
    error: form.errors.message,
  };
  const submit = form.handleSubmit(async (body) => {
    const outcome = await run('reply', () =>
      saveCall(api, replyDealCall, { params: { cmh_unique_code: deal.cmh_unique_code }, body }),
    );
    if (outcome?.status === 'success') form.reset();
    else if (outcome) form.showServerErrors(outcome.fieldErrors);
  });
  return (
    <MatchingPartForm noValidate aria-label="返信の入力" onSubmit={(event) => void submit(event)}>
      <FieldRow label="返信メッセージ" {...row}>
        <ReplyArea {...describedControl(row.name, row)} {...form.register('message')} />
      </FieldRow>
      <ReplyActions>
        <Button type="submit" $variant="main" disabled={form.isSubmitting}>
          返信する
        </Button>
      </ReplyActions>
    </MatchingPartForm>
  );
}

/** Asks again before a decision; accepting, declining and withdrawing may carry a word. */
function DecisionDialog({
  decision,
  onClose,
  onConfirm,
}: {
  decision: Decision;
  onClose: () => void;
  /** Answers the server's refusal of the word, if it refused it. */
  onConfirm: (message: string) => Promise<string | undefined>;
}) {
  const text = DECISIONS[decision];
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const confirm = async () => {
    const checked = z.safeParse(dealDecisionBodySchema, { message }, { error: specErrorMap });
    const problem = checked.success ? undefined : checked.error.issues[0]?.message;
    setError(problem);
    if (problem) return;
    setSending(true);
    try {
      setError(await onConfirm(message));
    } finally {
      setSending(false);
    }
  };
  return (
    <ConfirmDialog
      open
      onCancel={onClose}
      title={text.title}
      confirmLabel={text.confirm}
      tone={text.danger ? 'danger' : 'main'}
      sending={sending}
      onConfirm={() => void confirm()}
    >
      <ConfirmFields>
        <p>{text.question}</p>
        {text.withMessage && (
          <>
            <label htmlFor="deal-decision-message">メッセージ（任意）</label>
            <TextArea
              id="deal-decision-message"
              value={message}
              aria-invalid={error !== undefined}
              aria-describedby={error ? 'deal-decision-message-error' : undefined}
              onChange={(event) => setMessage(event.target.value)}
            />
            {error && <ConfirmFieldError id="deal-decision-message-error">{error}</ConfirmFieldError>}
          </>
        )}
      </ConfirmFields>
    </ConfirmDialog>
  );
}
