import { useParams } from '#client/lib/router/index.ts';
import { listNeedOffersCall } from '#server/contracts/aichat.ts';
import { PageLeadGroup } from '#client/components/page/page-text.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { HttpError } from '#client/lib/request/http-error.ts';
import { LoadFailedNotice, LoadingNotice } from '#client/components/page/page-states.tsx';
import { MATCHING_CODE_PATTERN } from '../matching-paths.ts';
import { NeedForm } from './need-form.tsx';

/**
 * /mypage/mybusiness/needs/offer/{id} (id: the offer's ca_unique_code): a need the bank wrote for the
 * company, in the need form. The company edits it as it likes; 承諾して登録する registers it as the
 * company's own need with the fields as they stand. An offer that is not waiting (answered, or not
 * the company's) is the 404 page.
 */
export function NeedOfferAcceptPage() {
  const { id } = useParams();
  if (id === undefined || !MATCHING_CODE_PATTERN.test(id)) throw new HttpError(404);
  return <LoadedOffer key={id} code={id} />;
}

function LoadedOffer({ code }: { code: string }) {
  // The waiting offers are few: the list is the offer's only read.
  const { data, isError } = useCallQuery(listNeedOffersCall, {});
  if (data === undefined) return isError ? <LoadFailedNotice /> : <LoadingNotice />;
  const offer = data.find((item) => item.ca_unique_code === code);
  if (offer === undefined) throw new HttpError(404);
  return (
    <>
      <PageLeadGroup>
        <p>
          金融機関が貴社のために作成したニーズの文案です。内容をご確認のうえ、必要に応じて編集してください。
        </p>
        <p>「承諾して登録する」を押すと、入力した内容で自社のニーズとして登録されます。</p>
      </PageLeadGroup>
      <NeedForm key={offer.ca_unique_code} offer={offer} />
    </>
  );
}
