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
import { ReviewDecisionPanel } from '#client/components/command/review-decision.tsx';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';
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
  const params = { id: article.article_id };
  const version = { article_updated_at: article.article_updated_at };
  const start = formatDay(article.article_publish_start);
  return (
    <>
      <p>
        承認すると、公開開始日（{start}
        ）から公開期間のあいだ企業に掲載されます。承認・否認は作成した企業のユーザーにメールで知らせます。
      </p>
      <ReviewDecisionPanel
        reasonId={NOTE_ID}
        reasonLabel="否認の理由"
        reasonField="pi_review_note"
        reasonHint={(note) =>
          `否認するときに入力します。企業の一覧とメールで伝わります（${PARTNER_INFORMATION_REVIEW_NOTE_MAX_LENGTH}文字以内、${characterCount(note)}文字入力済み）。`
        }
        approve={{
          label: '承認する',
          done: MESSAGES.approved,
          failed: MESSAGES.approveFailed,
          send: () => saveCall(api, approvePartnerInformationCall, { params, body: version }),
        }}
        reject={{
          label: '否認する',
          done: MESSAGES.disapproved,
          failed: MESSAGES.disapproveFailed,
          check: (note) => {
            const checked = z.safeParse(noteSchema, note, { error: specErrorMap });
            return checked.success ? undefined : (checked.error.issues[0]?.message ?? '');
          },
          send: (note) =>
            saveCall(api, disapprovePartnerInformationCall, {
              params,
              body: { ...version, pi_review_note: note },
            }),
        }}
        onRefusal={onRefusal}
        // The item loads again either way: the page shows it as it now stands.
        reload={() => queryClient.invalidateQueries({ queryKey: [approvePartnerInformationCall.domain] })}
      />
    </>
  );
}
