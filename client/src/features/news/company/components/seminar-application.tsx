import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { callKey, callKeyPrefix } from '#server/contracts/call.ts';
import {
  applyToSeminarCall,
  type CompanyArticleDetail,
  companyArticleCalls,
  SEMINAR_APPLICATION_WITHDRAWN_MESSAGE,
  SEMINAR_APPLIED_MESSAGE,
  SEMINAR_CLOSED_MESSAGE,
  SEMINAR_FULL_MESSAGE,
  SEMINAR_WITHDRAWAL_CLOSED_MESSAGE,
  type SeminarStatus,
  withdrawFromSeminarCall,
} from '#server/contracts/news.ts';
import { isPastDate } from '#server/contracts/validation.ts';
import { Button } from '#client/components/button/button.tsx';
import { ConfirmDialog, ConfirmQuestion } from '#client/components/command/confirm-dialog.tsx';
import { refusalReason, useCommand } from '#client/components/command/use-command.ts';
import { formatJapaneseDateTime } from '#client/lib/date-format.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { SAVE_FAILURE_MESSAGE } from '#client/lib/save-flow.ts';
import { saveCall } from '#client/lib/request/call-client.ts';

export const APPLY_LABEL = '申し込む';
export const WITHDRAW_LABEL = 'キャンセル';
export const APPLIED_LABEL = '申込済み';

/** Why a seminar that is not taking applications cannot be applied to. */
const NOT_ACCEPTING_MESSAGES: Record<Exclude<SeminarStatus, 'accepting'>, string> = {
  full: SEMINAR_FULL_MESSAGE,
  before_reception: SEMINAR_CLOSED_MESSAGE,
  reception_closed: SEMINAR_CLOSED_MESSAGE,
  finished: 'このセミナーは終了しました',
  cancelled: 'このセミナーは中止になりました',
};

const Panel = styled.section`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.md};
  align-items: center;
  margin-top: ${({ theme }) => theme.spacing.md};
  padding: ${({ theme }) => theme.spacing.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const AppliedMark = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  color: ${({ theme }) => theme.colors.onSuccess};
  background: ${({ theme }) => theme.colors.success};
  border-radius: ${({ theme }) => theme.radii.sm};
`;

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.text};
`;

const Refusal = styled.p`
  flex-basis: 100%;
  margin: 0;
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  color: ${({ theme }) => theme.colors.danger};
`;

type Change = 'apply' | 'withdraw';

const DIALOG_TEXTS: Record<Change, { title: string; question: string; confirm: string; done: string }> = {
  apply: {
    title: 'セミナーへのお申し込み',
    question: 'に申し込みます。よろしいですか？',
    confirm: APPLY_LABEL,
    done: SEMINAR_APPLIED_MESSAGE,
  },
  withdraw: {
    title: 'お申し込みのキャンセル',
    question: 'のお申し込みをキャンセルします。よろしいですか？',
    confirm: 'キャンセルする',
    done: SEMINAR_APPLICATION_WITHDRAWN_MESSAGE,
  },
};

/**
 * Applying to a seminar, on its detail page: 申し込む while it takes applications, asked again in a
 * dialog; 申込済み with キャンセル until the application deadline. A refusal (full, outside the
 * reception period, already applied) shows the server's message, and the seminar is read again so
 * the page shows where it stands.
 */
export function SeminarApplication({ seminar }: { seminar: CompanyArticleDetail }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { run } = useCommand();
  const [asking, setAsking] = useState<Change | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const params = { id: seminar.article_id };
  const detailKey = callKey(companyArticleCalls.seminar.detail, { params });
  const status = seminar.seminar_status;
  const applied = seminar.seminar_applied === true;
  const deadlinePassed =
    seminar.seminar_apply_deadline !== null && isPastDate(seminar.seminar_apply_deadline);
  const held = status === 'finished' || status === 'cancelled';

  const confirm = async (change: Change) => {
    setAsking(null);
    const call = change === 'apply' ? applyToSeminarCall : withdrawFromSeminarCall;
    try {
      await run(() => saveCall(api, call, { params }), {
        done: DIALOG_TEXTS[change].done,
        serverMessages: true,
        // A refusal is said in place: a toast would say it twice.
        failed: false,
        after: async (outcome) => {
          if (outcome.status === 'success') {
            setRefusal(null);
            // The answer is the seminar's seats as they stand: into the cached seminar, and its lists load again.
            queryClient.setQueryData(detailKey, (detail: CompanyArticleDetail | undefined) =>
              detail ? { ...detail, ...outcome.result } : detail,
            );
            await queryClient.invalidateQueries({
              queryKey: callKeyPrefix(companyArticleCalls.seminar.search),
            });
            return;
          }
          // A 422 says why; a failure the request layer reported has no message worth showing.
          setRefusal(refusalReason(outcome) ?? SAVE_FAILURE_MESSAGE);
          await queryClient.invalidateQueries({ queryKey: detailKey });
        },
      });
    } catch (error) {
      setRefusal(SAVE_FAILURE_MESSAGE);
      throw error;
    }
  };

  let state;
  if (applied) {
    state = (
      <>
        <AppliedMark>{APPLIED_LABEL}</AppliedMark>
        {!held && !deadlinePassed && (
          <Button type="button" onClick={() => setAsking('withdraw')}>
            {WITHDRAW_LABEL}
          </Button>
        )}
        {!held && deadlinePassed && <Note>{SEMINAR_WITHDRAWAL_CLOSED_MESSAGE}</Note>}
      </>
    );
  } else if (status === 'accepting') {
    state = (
      <Button type="button" $variant="main" onClick={() => setAsking('apply')}>
        {APPLY_LABEL}
      </Button>
    );
  } else if (status) {
    state = <Note>{NOT_ACCEPTING_MESSAGES[status]}</Note>;
  }

  const texts = asking ? DIALOG_TEXTS[asking] : undefined;
  return (
    <Panel aria-label="お申し込み">
      {state}
      {refusal && <Refusal role="alert">{refusal}</Refusal>}
      <ConfirmDialog
        open={asking !== null}
        onCancel={() => setAsking(null)}
        title={texts?.title}
        confirmLabel={texts?.confirm ?? ''}
        cancelLabel="戻る"
        onConfirm={() => asking && void confirm(asking)}
      >
        <ConfirmQuestion>
          「{seminar.article_title}」{texts?.question}
        </ConfirmQuestion>
        {seminar.seminar_held_at && <Note>開催日時：{formatJapaneseDateTime(seminar.seminar_held_at)}</Note>}
        {seminar.seminar_place && <Note>会場：{seminar.seminar_place}</Note>}
      </ConfirmDialog>
    </Panel>
  );
}
