import { useState } from 'react';
import { useParams } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import {
  getPartnerInformationSettingCall,
  PARTNER_INFORMATION_SETTING_MESSAGES,
  type PartnerInformationSettingDetail,
  partnerMayChange,
} from '#server/contracts/partner-information-setting.ts';
import { Notice } from '#client/components/feedback/notice.ts';
import { SavedRecordState } from '#client/components/form/saved-record-state.tsx';
import { RichTextContent } from '#client/components/rich-text/rich-text-content.tsx';
import { PageLead } from '#client/components/page/page-text.ts';
import { LoadFailedNotice, LoadingNotice } from '#client/components/page/page-states.tsx';
import { WrittenText } from '#client/components/page/page-text.ts';
import { formatJapaneseDateTime } from '#client/lib/date-format.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { HttpError } from '#client/lib/request/http-error.ts';
import { PartnerInformationCancelButton } from './partner-information-cancel-button.tsx';
import { PartnerInformationForm } from './partner-information-form.tsx';
import { NEW_PARTNER_INFORMATION_ID } from './partner-information-paths.ts';
import { PartnerInformationStatusTag, publicationPeriodText } from './partner-information-status.tsx';

const Body = styled.section`
  margin-top: ${({ theme }) => theme.spacing.md};
  padding: ${({ theme }) => theme.spacing.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const Refusal = styled(Notice)`
  margin-bottom: ${({ theme }) => theme.spacing.md};
`;

/** An id of the path that can name an item: a positive int4 in decimal. */
function articleIdOf(text: string | undefined): number | undefined {
  return text !== undefined && /^[1-9][0-9]{0,9}$/.test(text) && Number(text) <= 2147483647
    ? Number(text)
    : undefined;
}

/**
 * /mypage/setting/information/edit/{id}: `new` starts an empty item; an item's id opens it, with
 * where the bank's review stands (and the bank's reason when it disapproved it), its form and its
 * withdrawal. An ended or withdrawn item is shown as it stands, without a form. An id that is not
 * one of the company's items is the 404 page; another failure to load says so in place.
 */
export function PartnerInformationEditPage() {
  const { id: articleId } = useParams();
  if (articleId === NEW_PARTNER_INFORMATION_ID)
    return (
      <>
        <PageLead>{PARTNER_INFORMATION_SETTING_MESSAGES.reviewNotice}</PageLead>
        <PartnerInformationForm key="new" />
      </>
    );
  const id = articleIdOf(articleId);
  if (id === undefined) throw new HttpError(404);
  return <LoadedItem key={id} articleId={id} />;
}

function LoadedItem({ articleId }: { articleId: number }) {
  const [refusal, setRefusal] = useState<string>();
  const { data, isError, isPending } = useCallQuery(
    getPartnerInformationSettingCall,
    { params: { id: articleId } },
    // A 404 is the page's answer (the error page); any other failure is told in place.
    { onNotFound: 'error-page', throwOnError: (error) => error instanceof HttpError },
  );
  if (isPending) return <LoadingNotice />;
  if (isError) return <LoadFailedNotice />;
  const open = partnerMayChange(data.pi_status);
  return (
    <>
      {refusal && (
        <Refusal role="alert">
          <p>{refusal}</p>
        </Refusal>
      )}
      <ReviewState item={data} />
      {open ? (
        <>
          <PartnerInformationForm key={data.article_updated_at} item={data} />
          <PartnerInformationCancelButton item={data} onRefused={setRefusal} />
        </>
      ) : (
        <ClosedItem item={data} />
      )}
    </>
  );
}

/** What a save now would do to the item, by where it stands. */
function saveEffect(item: PartnerInformationSettingDetail): string | undefined {
  switch (item.pi_status) {
    case 'PUBLISHING':
      return '掲載中です。変更して保存すると、銀行がふたたび承認するまで掲載されません。';
    case 'BEFORE_PUBLISHING':
      return '承認済みです。変更して保存すると、ふたたび銀行の審査を受けます。';
    case 'DISAPPROVAL':
      return '銀行の理由を確認して内容を修正し、保存するとふたたび審査を受けます。';
    case 'REVIEWING':
      return '銀行が審査しています。変更して保存すると、変更後の内容で審査されます。';
    default:
      return undefined;
  }
}

/** 審査状況: the status in the master's words, the bank's reason, and what a save would do. */
function ReviewState({ item }: { item: PartnerInformationSettingDetail }) {
  const facts = [
    { term: '審査状況', value: <PartnerInformationStatusTag status={item.pi_status} /> },
    ...(item.pi_review_note !== null
      ? [{ term: '否認の理由', value: <WrittenText>{item.pi_review_note}</WrittenText> }]
      : []),
    { term: '公開期間', value: publicationPeriodText(item) },
    { term: '更新日時', value: formatJapaneseDateTime(item.article_updated_at) },
  ];
  const effect = saveEffect(item);
  return (
    <SavedRecordState headingId="partner-information-review-heading" heading="審査状況" facts={facts}>
      {effect && <p>{effect}</p>}
    </SavedRecordState>
  );
}

/** An ended or withdrawn item: as it stands, without a form. */
function ClosedItem({ item }: { item: PartnerInformationSettingDetail }) {
  return (
    <>
      <Notice role="note" $tone="info">
        <p>{PARTNER_INFORMATION_SETTING_MESSAGES.closed}</p>
      </Notice>
      <Body aria-label="掲載内容">
        <h2>{item.article_title}</h2>
        <RichTextContent html={item.article_body} />
      </Body>
    </>
  );
}
