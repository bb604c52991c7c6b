import { type ReactNode, useMemo } from 'react';
import type { ServiceOfferPublishStatus, ServiceOfferStatus } from '#server/contracts/service-offer.ts';
import { StatusTag, type StatusTone } from '#client/components/status-tag.tsx';
import { MutedText } from '#client/components/page/page-text.ts';
import { formatJapaneseDate } from '#client/lib/date-format.ts';
import { useMasterList } from '#client/lib/master-data.ts';

const STATUS_TONES: Record<ServiceOfferStatus, StatusTone> = {
  REVIEWING: 'plain',
  APPROVED: 'success',
  DISAPPROVAL: 'danger',
  CANCELLED: 'muted',
};

const PUBLISH_STATUS_TONES: Record<ServiceOfferPublishStatus, StatusTone> = {
  BEFORE_PUBLISHING: 'plain',
  PUBLISHING: 'success',
  AFTER_PUBLISHING: 'muted',
};

/** A master list's name for `code`, else the code itself (a master that lost an entry still shows something). */
function nameIn(list: readonly { code: string; name: string }[], code: string): string {
  return list.find((item) => item.code === code)?.name ?? code;
}

export interface CouponLabels {
  /** The cso_categories master's name of a category. */
  categoryName: (code: string) => string;
  /** The review status as a tag (審査中, 承認済み, 否認, 取消), in the cso_statuses master's words. */
  statusTag: (status: ServiceOfferStatus) => ReactNode;
  /** An approved offer's publish status as a tag (公開前, 公開中, 公開終了); a dash for any other offer. */
  publishTag: (status: ServiceOfferPublishStatus | null) => ReactNode;
}

/** How the pages name an offer's category and statuses: the masters loaded at start-up. */
export function useCouponLabels(): CouponLabels {
  const categories = useMasterList('cso_categories');
  const statuses = useMasterList('cso_statuses');
  const publishStatuses = useMasterList('cso_publish_statuses');
  return useMemo(
    () => ({
      categoryName: (code) => nameIn(categories, code),
      statusTag: (status) => <StatusTag $tone={STATUS_TONES[status]}>{nameIn(statuses, status)}</StatusTag>,
      publishTag: (status) =>
        status === null ? (
          <MutedText>—</MutedText>
        ) : (
          <StatusTag $tone={PUBLISH_STATUS_TONES[status]}>{nameIn(publishStatuses, status)}</StatusTag>
        ),
    }),
    [categories, statuses, publishStatuses],
  );
}

/** 2025年4月1日〜2025年6月30日, or 2025年4月1日〜 without a last day. */
export function couponPeriodText(offer: {
  cso_publish_start: string;
  cso_publish_end: string | null;
}): string {
  const start = formatJapaneseDate(offer.cso_publish_start);
  return offer.cso_publish_end === null
    ? `${start}〜`
    : `${start}〜${formatJapaneseDate(offer.cso_publish_end)}`;
}
