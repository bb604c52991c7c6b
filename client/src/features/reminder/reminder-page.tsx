import { useEffect } from 'react';
import { useLocation } from '#client/lib/router/index.ts';
import { RESET_TOKEN_FRAGMENT_KEY } from '#server/contracts/reminder.ts';
import { ExternalLink } from '#client/components/external-link.tsx';
import { PageFrame } from '#client/components/page-frame.tsx';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { usePageLocation } from '#client/lib/page-location.ts';
import { PasswordResetForm } from './components/password-reset-form.tsx';
import { ReminderRequestForm } from './components/reminder-request-form.tsx';
import { Notice } from '#client/components/feedback/notice.ts';

/** A bank whose identity provider keeps the passwords: its own reset page, where the browser goes at once. */
function ProviderReset({ url }: { url: string }) {
  const pageLocation = usePageLocation();
  useEffect(() => {
    pageLocation.assign(url);
  }, [pageLocation, url]);
  return (
    <Notice $tone="info" role="status">
      <p>パスワードの再設定ページに移動します。</p>
      <p>
        移動しない場合は、<ExternalLink href={url}>パスワードの再設定ページ</ExternalLink>を開いてください。
      </p>
    </Notice>
  );
}

/**
 * /reminder: asks for a reset link; opened from the mail's link (`/reminder#token=…`), sets the new
 * password instead. The token stays in the fragment, which the browser sends to no server.
 */
export function ReminderPage() {
  const { password_reset_url: providerResetUrl } = useAppConfig();
  const { hash } = useLocation();
  const token = new URLSearchParams(hash.slice(1)).get(RESET_TOKEN_FRAGMENT_KEY);
  return (
    <PageFrame title="パスワードの再設定">
      {providerResetUrl ? (
        <ProviderReset url={providerResetUrl} />
      ) : token ? (
        <PasswordResetForm key={token} token={token} />
      ) : (
        <ReminderRequestForm />
      )}
    </PageFrame>
  );
}
