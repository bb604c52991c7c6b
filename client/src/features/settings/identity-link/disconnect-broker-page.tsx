import { Link } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import { isBankUser } from '#server/contracts/account-types.ts';
import { ADMIN_HOME_PATH, COMPANY_HOME_PATH } from '#server/contracts/home-paths.ts';
import {
  DISCONNECT_BROKER_PAGE_PATH,
  disconnectIdentityLinkCall,
  type IdentityLink,
  IDENTITY_LINK_MESSAGES,
} from '#server/contracts/identity-link.ts';
import { LOGIN_PATH, LOGIN_REDIRECT_PARAM } from '#server/contracts/identity.ts';
import { DangerButton } from '#client/components/danger-button.ts';
import { type Fact, FactList } from '#client/components/fact-list.tsx';
import { Notice } from '#client/components/feedback/notice.ts';
import { FormActions } from '#client/components/form/form-actions.ts';
import { PageFrame } from '#client/components/page-frame.tsx';
import { LoadFailedNotice, LoadingNotice } from '#client/components/page/page-states.tsx';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { formatJapaneseDateTime } from '#client/lib/date-format.ts';
import { usePageLocation } from '#client/lib/page-location.ts';
import { LEAVING, refusalReason, useCommand } from '#client/components/command/use-command.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/save-call.ts';
import { useIdentityLinks } from './identity-link-state.ts';

const TITLE = 'アカウント連携の解除';

const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};

  p,
  ul {
    margin: 0;
  }
`;

const LinkCard = styled.section`
  padding: ${({ theme }) => theme.spacing.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};

  h2 {
    margin: 0 0 ${({ theme }) => theme.spacing.sm};
    font-size: ${({ theme }) => theme.typography.fontSizeLarge};
  }
`;

function factsOf(link: IdentityLink): Fact[] {
  return [
    { term: 'アカウント', value: link.masked_subject },
    { term: '連携日時', value: formatJapaneseDateTime(link.linked_at) },
    { term: '最終ログイン', value: formatJapaneseDateTime(link.last_login_at) },
  ];
}

/** /login?r=/disconnect/broker: back here after the login. */
const LOGIN_AND_RETURN = `${LOGIN_PATH}?${LOGIN_REDIRECT_PARAM}=${encodeURIComponent(DISCONNECT_BROKER_PAGE_PATH)}`;

/**
 * /disconnect/broker: the confirmation page for unlinking the portal from the identity-broker
 * account the user logs in with. It shows the account (the provider as the bank names it, the
 * subject masked, since when, the last login); 連携を解除する removes the link, ends every session of
 * the user, and the browser leaves through the provider's logout for /login, where the next login
 * links again. A visitor is asked to log in first; a staff member acting as the user, or a user
 * with no link, is told there is nothing to unlink.
 */
export function DisconnectBrokerPage() {
  const user = useCurrentUser();
  return (
    <PageFrame title={TITLE}>
      {user ? (
        <DisconnectBroker home={isBankUser(user.user_type) ? ADMIN_HOME_PATH : COMPANY_HOME_PATH} />
      ) : (
        <Notice role="status" $tone="info">
          <p>アカウント連携の解除には、ログインが必要です。</p>
          <p>
            <Link to={LOGIN_AND_RETURN} reloadDocument>
              ログイン画面へ
            </Link>
          </p>
        </Notice>
      )}
    </PageFrame>
  );
}

function DisconnectBroker({ home }: { home: string }) {
  const api = useApiClient();
  const { run, sending } = useCommand();
  const location = usePageLocation();
  const { system_name: serviceName } = useAppConfig();
  const { load, reload } = useIdentityLinks();
  const back = (
    <p>
      <Link to={home}>ダッシュボードへ戻る</Link>
    </p>
  );

  if (load.status === 'loading') return <LoadingNotice />;
  if (load.status === 'failed') return <LoadFailedNotice />;
  const { impersonating, links } = load.state;
  if (impersonating || links.length === 0)
    return (
      <Body>
        <Notice role="status" $tone="info">
          <p>{impersonating ? IDENTITY_LINK_MESSAGES.impersonating : IDENTITY_LINK_MESSAGES.notLinked}</p>
          {!impersonating && <p>ログインすると、ログインに使ったアカウントと連携されます。</p>}
        </Notice>
        {back}
      </Body>
    );

  // The overlay stays while the browser leaves for the provider's logout.
  const disconnect = () =>
    run(() => saveCall(api, disconnectIdentityLinkCall, {}), {
      done: false,
      failed: IDENTITY_LINK_MESSAGES.disconnectFailed,
      serverMessages: 'refusals',
      after: (outcome) => {
        if (outcome.status === 'success') {
          location.assign(outcome.result.redirect_to);
          return LEAVING;
        }
        // A refusal that says why (no link any more, impersonating): shown, and the page read again.
        if (refusalReason(outcome)) reload();
        return undefined;
      },
    });

  return (
    <Body>
      <p>{serviceName}と、ログインに使っている次のアカウントとの連携を解除します。</p>
      {links.map((link) => (
        <LinkCard key={link.provider} aria-label={link.provider_name}>
          <h2>{link.provider_name}</h2>
          <FactList facts={factsOf(link)} />
        </LinkCard>
      ))}
      <ul>
        <li>
          連携を解除すると、ほかの端末やブラウザを含め、すべてのログインが終了し、ログイン画面に移ります。
        </li>
        <li>次回ログインしたときに、ログインに使ったアカウントと改めて連携されます。</li>
      </ul>
      <FormActions>
        <DangerButton type="button" disabled={sending} onClick={() => void disconnect()}>
          連携を解除する
        </DangerButton>
      </FormActions>
      {back}
    </Body>
  );
}
