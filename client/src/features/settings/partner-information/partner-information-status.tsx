import type { PartnerInformationStatus } from '#server/contracts/news.ts';
import { StatusTag, type StatusTone } from '#client/components/status-tag.tsx';
import { formatJapaneseDate } from '#client/lib/date-format.ts';
import { useMasterList } from '#client/lib/master-data.ts';

/** How each review status reads at a glance: published stands out, a refusal asks for a fix. */
const STATUS_TONES: Record<PartnerInformationStatus, StatusTone> = {
  REVIEWING: 'plain',
  BEFORE_PUBLISHING: 'plain',
  PUBLISHING: 'success',
  AFTER_PUBLISHING: 'muted',
  DISAPPROVAL: 'danger',
  CANCELLED: 'muted',
};

/** A review status as a tag, in the words of the partner_information_statuses master. */
export function PartnerInformationStatusTag({ status }: { status: PartnerInformationStatus }) {
  const statuses = useMasterList('partner_information_statuses');
  const name = statuses.find((item) => item.code === status)?.name ?? status;
  return <StatusTag $tone={STATUS_TONES[status]}>{name}</StatusTag>;
}

/** 2026年4月1日 〜 2026年6月30日, or 〜 終了日なし for an item without a last day. */
export function publicationPeriodText(item: {
  article_publish_start: string;
  article_publish_end: string | null;
}): string {
  const end = item.article_publish_end === null ? '終了日なし' : formatJapaneseDate(item.article_publish_end);
  return `${formatJapaneseDate(item.article_publish_start)} 〜 ${end}`;
}
