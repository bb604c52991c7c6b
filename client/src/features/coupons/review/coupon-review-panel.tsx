import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { SpreadRow } from '#client/components/page/row-layouts.ts';
import * as z from 'zod/mini';
import { isAdmin } from '#server/contracts/account-types.ts';
import {
  APPROVABLE_STATUSES,
  approvalSchema,
  approveServiceOfferCall,
  DISAPPROVABLE_STATUSES,
  disapprovalSchema,
  disapproveServiceOfferCall,
  getServiceOfferReviewCall,
  type ReviewedServiceOffer,
  SERVICE_OFFER_MESSAGES,
  SERVICE_OFFER_REVIEW_NOTE_MAX_LENGTH,
} from '#server/contracts/service-offer.ts';
import { characterCount } from '#server/contracts/text-length.ts';
import { Button } from '#client/components/button/button.tsx';
import { type ReviewChoice, ReviewDecisionPanel } from '#client/components/command/review-decision.tsx';
import { FactList } from '#client/components/fact-list.tsx';
import { WrittenText } from '#client/components/page/page-text.ts';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { formatJapaneseDateTime } from '#client/lib/date-format.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall, useCallQuery } from '#client/lib/request/call-client.ts';
import { HttpError } from '#client/lib/request/http-error.ts';
import { LOAD_FAILED_MESSAGE } from '#client/lib/save-flow.ts';
import { couponPeriodText, useCouponLabels } from '../components/coupon-status.tsx';

const Panel = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  margin-bottom: ${({ theme }) => theme.spacing.lg};
  padding: ${({ theme }) => theme.spacing.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};

  p {
    margin: 0;
  }
`;

const Header = styled(SpreadRow)`
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSizeLarge};
    overflow-wrap: anywhere;

    &:focus {
      outline: none;
    }
  }
`;

const Image = styled.img`
  max-width: min(320px, 100%);
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
`;

const Decision = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => theme.spacing.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const Refusal = styled.p`
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  color: ${({ theme }) => theme.colors.danger};
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

type DecisionKind = 'approve' | 'disapprove';

const DECISIONS = {
  approve: {
    call: approveServiceOfferCall,
    schema: approvalSchema,
    done: SERVICE_OFFER_MESSAGES.approved,
    failed: SERVICE_OFFER_MESSAGES.approveFailed,
  },
  disapprove: {
    call: disapproveServiceOfferCall,
    schema: disapprovalSchema,
    done: SERVICE_OFFER_MESSAGES.disapproved,
    failed: SERVICE_OFFER_MESSAGES.disapproveFailed,
  },
} as const;

const NOTE_ID = 'coupon-review-note';

/**
 * One offer on the desk, above the list: what the company wrote, its company and branch, where the
 * review stands; for system and bank admins, the note and 承認する (an offer in review) and 否認する
 * (in review or approved; the note is then required). The company reads the note. A decision the
 * offer no longer allows (decided meanwhile, or changed by the company since it was shown) is told
 * here and the offer shown as it now stands. A code of no offer the staff member may see: 404 in place.
 */
export function CouponReviewPanel({ code, onClose }: { code: string; onClose: () => void }) {
  const { data, isError, error } = useCallQuery(
    getServiceOfferReviewCall,
    { params: { cso_unique_code: code } },
    { onNotFound: 'error-page' },
  );
  // Kept here, above the decision, so a refusal stays on screen while the offer loads again.
  const [refusal, setRefusal] = useState<string>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loaded = data !== undefined;
  useEffect(() => {
    if (loaded) headingRef.current?.focus();
  }, [loaded]);

  if (data === undefined)
    return (
      <Panel aria-label="クーポンの詳細">
        {isError ? (
          <Refusal role="alert">
            {error instanceof HttpError && error.status === 404
              ? 'このクーポンは見つかりませんでした。'
              : LOAD_FAILED_MESSAGE}
          </Refusal>
        ) : (
          <Muted role="status">読み込み中</Muted>
        )}
        <div>
          <Button type="button" onClick={onClose}>
            閉じる
          </Button>
        </div>
      </Panel>
    );
  return (
    <LoadedOffer
      offer={data}
      headingRef={headingRef}
      onClose={onClose}
      refusal={refusal}
      onRefusal={setRefusal}
    />
  );
}

function LoadedOffer({
  offer,
  headingRef,
  onClose,
  refusal,
  onRefusal,
}: {
  offer: ReviewedServiceOffer;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onClose: () => void;
  refusal: string | undefined;
  onRefusal: (message: string | undefined) => void;
}) {
  const labels = useCouponLabels();
  const user = useCurrentUser();
  const mayDecide = isAdmin(user?.user_type);
  const approvable = (APPROVABLE_STATUSES as readonly string[]).includes(offer.cso_status);
  const disapprovable = (DISAPPROVABLE_STATUSES as readonly string[]).includes(offer.cso_status);
  return (
    <Panel aria-labelledby="coupon-review-heading">
      <Header>
        <h2 id="coupon-review-heading" ref={headingRef} tabIndex={-1}>
          {offer.cso_title}
        </h2>
        <Button type="button" onClick={onClose}>
          閉じる
        </Button>
      </Header>
      <FactList
        facts={[
          { term: '企業名', value: offer.company_name },
          { term: '取引店', value: offer.bb_name ?? '—' },
          { term: 'カテゴリ', value: labels.categoryName(offer.cso_category) },
          { term: '特典内容', value: offer.cso_benefit },
          { term: '対象', value: offer.cso_target },
          { term: '公開期間', value: couponPeriodText(offer) },
          { term: '本文', value: <WrittenText>{offer.cso_body}</WrittenText> },
          {
            term: '画像',
            value: offer.cso_image ? <Image src={offer.cso_image.file_url} alt="クーポンの画像" /> : 'なし',
          },
          { term: '審査状況', value: labels.statusTag(offer.cso_status) },
          { term: '公開状況', value: labels.publishTag(offer.cso_publish_status) },
          { term: '更新日時', value: formatJapaneseDateTime(offer.cso_updated_at) },
          ...(offer.cso_reviewed_at
            ? [
                {
                  term: '審査',
                  value: `${formatJapaneseDateTime(offer.cso_reviewed_at)}${offer.cso_reviewer_name ? `（${offer.cso_reviewer_name}）` : ''}`,
                },
              ]
            : []),
          ...(offer.cso_review_note
            ? [{ term: '企業へのコメント', value: <WrittenText>{offer.cso_review_note}</WrittenText> }]
            : []),
        ]}
      />
      {refusal && <Refusal role="alert">{refusal}</Refusal>}
      {!mayDecide && <Muted>審査（承認・否認）はシステム管理者・金融機関管理者が行います。</Muted>}
      {mayDecide && (approvable || disapprovable) && (
        <ReviewDecision
          key={offer.cso_updated_at}
          offer={offer}
          approvable={approvable}
          disapprovable={disapprovable}
          onRefusal={onRefusal}
        />
      )}
    </Panel>
  );
}

/** The note and the decision buttons; the note is checked with the decision's own schema. */
function ReviewDecision({
  offer,
  approvable,
  disapprovable,
  onRefusal,
}: {
  offer: ReviewedServiceOffer;
  approvable: boolean;
  disapprovable: boolean;
  onRefusal: (message: string | undefined) => void;
}) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const choice = (decision: DecisionKind, label: string): ReviewChoice => {
    const { call, schema, done, failed } = DECISIONS[decision];
    const bodyOf = (note: string) => ({ cso_review_note: note, cso_updated_at: offer.cso_updated_at });
    return {
      label,
      done,
      failed,
      check: (note) => {
        const checked = z.safeParse(schema, bodyOf(note));
        return checked.success ? undefined : (checked.error.issues[0]?.message ?? '');
      },
      send: (note) =>
        saveCall(api, call, { params: { cso_unique_code: offer.cso_unique_code }, body: bodyOf(note) }),
    };
  };
  return (
    <Decision role="group" aria-label="審査">
      <ReviewDecisionPanel
        reasonId={NOTE_ID}
        reasonLabel="企業へのコメント"
        reasonField="cso_review_note"
        reasonHint={(note) =>
          `企業に表示されます。否認するときは理由を入力してください（${SERVICE_OFFER_REVIEW_NOTE_MAX_LENGTH}文字以内、${characterCount(note)}文字入力済み）。`
        }
        initialReason={offer.cso_review_note ?? ''}
        approve={approvable ? choice('approve', '承認する') : undefined}
        reject={disapprovable ? choice('disapprove', '否認する') : undefined}
        onRefusal={onRefusal}
        // The offer and the list load again either way: the page shows the offer as it now stands.
        reload={() => queryClient.invalidateQueries({ queryKey: [getServiceOfferReviewCall.domain] })}
      />
    </Decision>
  );
}
