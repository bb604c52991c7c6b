import { Link } from '#client/lib/router/index.ts';
import { BankContactDetails } from '#client/components/bank-contact-details.tsx';
import { Completion } from '#client/components/completion.tsx';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { PageFrame } from '#client/components/page-frame.tsx';

/** /inquiry/completed: the thanks after sending, and whom to call when it is urgent. */
export function InquiryCompletedPage() {
  const { bank } = useAppConfig();
  return (
    <PageFrame title="お問い合わせ完了">
      <Completion lead="お問い合わせいただき、ありがとうございました。">
        <p>
          {`内容を確認のうえ、${bank.name}の担当者よりご連絡いたします。ご回答までお時間をいただく場合がございますので、あらかじめご了承ください。`}
        </p>
        <p>お急ぎの場合は、下記の窓口までお問い合わせください。</p>
        <BankContactDetails contact={bank.contact} />
        <p>
          <Link to="/">トップページに戻る</Link>
        </p>
      </Completion>
    </PageFrame>
  );
}
