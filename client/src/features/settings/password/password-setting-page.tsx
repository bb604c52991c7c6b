import { ExternalLink } from '#client/components/external-link.tsx';
import { Notice } from '#client/components/feedback/notice.ts';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { PasswordChangeForm } from './password-change-form.tsx';

/** A bank whose identity provider keeps the passwords: the password is changed there. */
function ProviderPasswordChange({ url }: { url: string }) {
  return (
    <Notice $tone="info" role="status">
      <p>パスワードの変更は、金融機関のパスワード変更ページで行ってください。</p>
      <p>
        <ExternalLink href={url}>パスワード変更ページを開く</ExternalLink>
      </p>
    </Notice>
  );
}

/**
 * /mypage/setting/password: the logged-in company user changes their own password; where the
 * bank's provider keeps the passwords (app config password_reset_url), a link there instead.
 */
export function PasswordSettingPage() {
  const { password_reset_url: providerUrl } = useAppConfig();
  return providerUrl ? <ProviderPasswordChange url={providerUrl} /> : <PasswordChangeForm />;
}
