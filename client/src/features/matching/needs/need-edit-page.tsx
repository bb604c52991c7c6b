import { useParams } from '#client/lib/router/index.ts';
import { getOwnNeedCall, type OwnNeed } from '#server/contracts/matching.ts';
import { SavedRecordState } from '#client/components/form/saved-record-state.tsx';
import { PageLead } from '#client/components/page/page-text.ts';
import { LoadFailedNotice, LoadingNotice } from '#client/components/page/page-states.tsx';
import { formatJapaneseDateTime } from '#client/lib/date-format.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { HttpError } from '#client/lib/request/http-error.ts';
import { NeedPublishTag } from '../components/need-display.tsx';
import { MATCHING_CODE_PATTERN } from '../matching-paths.ts';
import { NeedDeleteAction } from './need-delete-action.tsx';
import { NeedForm } from './need-form.tsx';

/** /mypage/mybusiness/needs/create: an empty need. */
export function NeedCreatePage() {
  return (
    <>
      <PageLead>
        新しいニーズを登録します。公開にすると、掲載期間のあいだ「ニーズを探す」でほかの企業に表示され、商談依頼を受けられます。
      </PageLead>
      <NeedForm key="new" />
    </>
  );
}

/**
 * /mypage/mybusiness/needs/{id}: the company's need (id: its ca_unique_code), with where it
 * stands, its form and its deletion. A code that is not one, or not the company's, is the 404
 * page; another failure to load says so in place.
 */
export function NeedEditPage() {
  const { id } = useParams();
  if (id === undefined || !MATCHING_CODE_PATTERN.test(id)) throw new HttpError(404);
  return <LoadedNeed key={id} code={id} />;
}

function LoadedNeed({ code }: { code: string }) {
  const { data, isError } = useCallQuery(
    getOwnNeedCall,
    { params: { ca_unique_code: code } },
    // A 404 is the page's answer (the error page); any other failure is told in place.
    { onNotFound: 'error-page', throwOnError: (error) => error instanceof HttpError },
  );
  if (data === undefined) return isError ? <LoadFailedNotice /> : <LoadingNotice />;
  return (
    <>
      <NeedState need={data} />
      <NeedForm key={data.ca_unique_code} need={data} />
      <NeedDeleteAction need={data} />
    </>
  );
}

/** Where the need stands: published or not, the deal requests it received, its last change. */
function NeedState({ need }: { need: OwnNeed }) {
  return (
    <SavedRecordState
      headingId="need-state-heading"
      heading="掲載の状況"
      facts={[
        { term: '公開状況', value: <NeedPublishTag status={need.need_publish_status} /> },
        { term: '受けた商談依頼', value: `${need.need_deal_count}件` },
        { term: '最終更新', value: formatJapaneseDateTime(need.need_updated_at) },
      ]}
    />
  );
}
