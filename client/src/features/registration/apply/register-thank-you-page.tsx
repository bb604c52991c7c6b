import { Link, useLocation } from '#client/lib/router/index.ts';
import { REGISTRATION_VARIANTS } from '#server/contracts/registration-variants.ts';
import { Completion } from '#client/components/completion.tsx';
import { PageFrame } from '#client/components/page-frame.tsx';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import type { ApplicationThanks } from './thank-you.ts';

/**
 * /register/thankyou: the application is with the bank. Its number comes from the page that sent
 * it; opened on its own (a bookmark), the page still says what happens next.
 */
export function RegisterThankYouPage() {
  const thanks = useLocation().state as ApplicationThanks | null;
  const { bank } = useAppConfig();
  const variant = thanks ? REGISTRATION_VARIANTS[thanks.variant] : undefined;
  return (
    <PageFrame title="お申し込みありがとうございました">
      <Completion lead="お申し込みを受け付けました。">
        {thanks && variant && <p>{`${variant.title} 申込番号: ${thanks.code}`}</p>}
        <p>
          ご入力のメールアドレスに、受付のお知らせをお送りしました。当行で内容を確認のうえ、審査の結果とログイン方法をメールでお知らせします。
        </p>
        <p>
          {`メールが届かない場合は、迷惑メールの設定をご確認のうえ、${bank.contact.name}（${bank.contact.tel}）までお問い合わせください。`}
        </p>
        <p>
          <Link to="/">トップページへ</Link>
        </p>
      </Completion>
    </PageFrame>
  );
}
