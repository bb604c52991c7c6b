import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import * as z from 'zod/mini';
import type { AdminArticleDetail } from '#server/contracts/news-staff.ts';
import {
  approvePartnerInformationCall,
  disapprovePartnerInformationCall,
  PARTNER_INFORMATION_REVIEW_NOTE_MAX_LENGTH,
  PARTNER_INFORMATION_SETTING_MESSAGES,
  partnerInformationDisapproveSchema,
} from '#server/contracts/partner-information-setting.ts';
import { characterCount } from '#server/contracts/text-length.ts';
import { specErrorMap } from '#server/contracts/zod-error-map.ts';
import { Button } from '#client/components/button/button.tsx';
import { DangerButton } from '#client/components/danger-button.ts';
import { useOverlay } from '#client/components/feedback/overlay.tsx';
import { useToast } from '#client/components/feedback/toast.tsx';
import { describedControl, FieldRow } from '#client/components/form/field-row.tsx';
import { TextArea } from '#client/components/form/form-controls.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';
import { DEFAULT_ERROR_MESSAGE } from '#client/lib/request/http-error.ts';
import { formatDay } from '../article-display.ts';
import { DeleteArticleButton } from './delete-article-button.tsx';

const Panel = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  margin-top: ${({ theme }) => theme.spacing.lg};
  padding: ${({ theme }) => theme.spacing.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radii.md};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSizeLarge};
  }

  p {
    margin: 0;
  }
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const Refusal = styled.p`
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  color: ${({ theme }) => theme.colors.danger};
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const MESSAGES = PARTNER_INFORMATION_SETTING_MESSAGES;
const NOTE_ID = 'pi-review-note';
const noteSchema = partnerInformationDisapproveSchema().shape.pi_review_note;

type Decision = 'approve' | 'disapprove';

const DECISIONS = {
  approve: { call: approvePartnerInformationCall, done: MESSAGES.approved, failed: MESSAGES.approveFailed },
  disapprove: {
    call: disapprovePartnerInformationCall,
    done: MESSAGES.disapproved,
    failed: MESSAGES.disapproveFailed,
  },
} as const;

/**
 * The bank's review of partner information a partner company wrote (/admin/xba/pi/detail/{id}),
 * under its read-only view: for staff who may change the item (system and bank admins) and while it
 * is under review, 承認する (published from its first day) and 否認する with a reason the company
 * reads (required). Each decision names the version on screen, so an item the company saved again
 * meanwhile is refused and shown as it now stands. 削除 stays with the staff who may change it.
 */
export function PartnerReviewPanel({ article }: { article: AdminArticleDetail }) {
  const reviewing = article.pi_status === 'REVIEWING';
  // Kept here, above the decision (which starts afresh with each version), so a refusal stays on
  // screen while the item loads again.
  const [refusal, setRefusal] = useState<string>();
  return (
    <Panel aria-labelledby="partner-review-heading">
      <h2 id="partner-review-heading">審査</h2>
      {!article.can_edit && <Muted>審査（承認・否認）はシステム管理者・銀行管理者が行います。</Muted>}
      {article.can_edit && !reviewing && <Muted>審査中ではないため、承認・否認はできません。</Muted>}
      {refusal && <Refusal role="alert">{refusal}</Refusal>}
      {article.can_edit && reviewing && (
        <ReviewDecision key={article.article_updated_at} article={article} onRefusal={setRefusal} />
      )}
      {article.can_edit && (
        <div>
          <DeleteArticleButton kind="partner_information" article={article} />
        </div>
      )}
    </Panel>
  );
}

function ReviewDecision({
  article,
  onRefusal,
}: {
  article: AdminArticleDetail;
  onRefusal: (message: string | undefined) => void;
}) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const overlay = useOverlay();
  const toast = useToast();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string>();
  const [sending, setSending] = useState(false);

  const decide = async (decision: Decision) => {
    const version = { article_updated_at: article.article_updated_at };
    if (decision === 'disapprove') {
      const checked = z.safeParse(noteSchema, note, { error: specErrorMap });
      if (!checked.success) {
        setNoteError(checked.error.issues[0]?.message);
        document.getElementById(NOTE_ID)?.focus();
        return;
      }
    }
    setNoteError(undefined);
    onRefusal(undefined);
    const { done, failed } = DECISIONS[decision];
    setSending(true);
    overlay.show();
    try {
      const params = { id: article.article_id };
      const outcome =
        decision === 'approve'
          ? await saveCall(api, approvePartnerInformationCall, { params, body: version })
          : await saveCall(api, disapprovePartnerInformationCall, {
              params,
              body: { ...version, pi_review_note: note },
            });
      if (outcome.status === 'success') toast.success(done);
      else {
        toast.error(failed);
        const [fieldMessage] = outcome.fieldErrors.pi_review_note ?? [];
        if (fieldMessage) setNoteError(fieldMessage);
        else if (outcome.message !== DEFAULT_ERROR_MESSAGE) onRefusal(outcome.message);
      }
      // The item loads again either way: the page shows it as it now stands.
      await queryClient.invalidateQueries({ queryKey: [approvePartnerInformationCall.domain] });
    } catch (error) {
      toast.error(failed);
      throw error;
    } finally {
      overlay.hide();
      setSending(false);
    }
  };

  const row = {
    name: NOTE_ID,
    hint: `否認するときに入力します。企業の一覧とメールで伝わります（${PARTNER_INFORMATION_REVIEW_NOTE_MAX_LENGTH}文字以内、${characterCount(note)}文字入力済み）。`,
    error: noteError,
  };
  const start = formatDay(article.article_publish_start);
  return (
    <>
      <p>
        承認すると、公開開始日（{start}
        ）から公開期間のあいだ企業に掲載されます。承認・否認は作成した企業のユーザーにメールで知らせます。
      </p>
      <FieldRow label="否認の理由" {...row}>
        <TextArea
          {...describedControl(NOTE_ID, row)}
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
            setNoteError(undefined);
          }}
        />
      </FieldRow>
      <Buttons>
        <Button type="button" $variant="main" disabled={sending} onClick={() => void decide('approve')}>
          承認する
        </Button>
        <DangerButton type="button" disabled={sending} onClick={() => void decide('disapprove')}>
          否認する
        </DangerButton>
      </Buttons>
    </>
  );
}
