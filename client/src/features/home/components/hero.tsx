import { Link } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import { isBankUser } from '#server/contracts/account-types.ts';
import { LOGIN_PATH } from '#server/contracts/identity.ts';
import { ADMIN_HOME_PATH, COMPANY_HOME_PATH } from '#server/contracts/home-paths.ts';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { ActionLink } from './action-link.ts';
import { PageContainer } from './page-container.ts';

const Band = styled.section`
  color: ${({ theme }) => theme.colors.onMain};
  background: ${({ theme }) => theme.colors.main};
`;

const Inner = styled(PageContainer)`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xl};
  padding-block: ${({ theme }) => theme.spacing.xl};

  ${({ theme }) => theme.media.pcUp} {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
    align-items: center;
    padding-block: calc(${({ theme }) => theme.spacing.xl} * 2);
  }
`;

const Eyebrow = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.sm};
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  letter-spacing: 0.05em;
`;

// auto-phrase keeps Japanese words whole at line ends where the browser supports it.
const Title = styled.h1`
  margin: 0;
  font-size: 28px;
  line-height: 1.3;
  word-break: auto-phrase;

  ${({ theme }) => theme.media.tabletUp} {
    font-size: 36px;
  }

  ${({ theme }) => theme.media.pcUp} {
    font-size: 44px;
  }
`;

const Lead = styled.p`
  max-width: 40em;
  margin: ${({ theme }) => theme.spacing.lg} 0 0;
  word-break: auto-phrase;

  ${({ theme }) => theme.media.pcUp} {
    font-size: ${({ theme }) => theme.typography.fontSizeLarge};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.md};
  margin-top: ${({ theme }) => theme.spacing.xl};

  & > * {
    flex: 1 1 100%;
  }

  /* The focus ring's usual colour is too close to the main colour; on it the ring takes the text colour. */
  & :focus-visible {
    outline-color: ${({ theme }) => theme.colors.onMain};
  }

  ${({ theme }) => theme.media.tabletUp} {
    & > * {
      flex: 0 0 auto;
      min-width: 200px;
    }
  }
`;

const FirstVisitPanel = styled.div`
  padding: ${({ theme }) => theme.spacing.lg};
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.lg};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSizeLarge};
  }

  p {
    margin: ${({ theme }) => theme.spacing.sm} 0 ${({ theme }) => theme.spacing.md};
  }

  a {
    font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  }
`;

export const HERO_HEADING_ID = 'home-hero-heading';

/**
 * The application's first page. A page of the page table, as tests/component/app/no-dead-links.test.tsx
 * checks: the top page, every visitor's first, does not load the table to ask.
 */
export const REGISTER_PATH = '/register';

/**
 * The way in: a visitor logs in (a full page load: /login is the gateway's); a logged-in user goes
 * on to their own area's dashboard, company users to マイページ, bank staff to 管理画面.
 */
function WayIn() {
  const user = useCurrentUser();
  if (!user) {
    return (
      <ActionLink href={LOGIN_PATH} $variant="catch">
        ログインしてはじめる
      </ActionLink>
    );
  }
  const staff = isBankUser(user.user_type);
  return (
    <ActionLink as={Link} to={staff ? ADMIN_HOME_PATH : COMPANY_HOME_PATH} $variant="catch">
      {staff ? '管理画面へ' : 'マイページへ'}
    </ActionLink>
  );
}

/**
 * The bank's introduction of the portal, in the bank's main colour, with the way in. The link to
 * the application waits for its page (server/contracts/page-table.ts).
 */
export function Hero() {
  const { bank, system_name: serviceName, registration_variants: registrationVariants } = useAppConfig();
  return (
    <Band aria-labelledby={HERO_HEADING_ID}>
      <Inner>
        <div>
          <Eyebrow>{bank.name} 法人のお客さま向けポータル</Eyebrow>
          <Title id={HERO_HEADING_ID}>{serviceName}</Title>
          <Lead>
            {`経営に役立つ情報の収集から、企業同士のビジネスマッチング、${bank.name}へのご相談まで。`}
            事業に必要なサービスを、ひとつのポータルでご利用いただけます。
          </Lead>
          <Actions>
            <WayIn />
            <ActionLink as={Link} to="/inquiry" $variant="outlineOnMain">
              お問い合わせ
            </ActionLink>
          </Actions>
        </div>
        <FirstVisitPanel>
          <h2>はじめてご利用の方へ</h2>
          <p>
            {`${serviceName}は、${bank.name}とお取引のある法人のお客さまにご利用いただけます。`}
            ご利用の開始には、お申し込みが必要です。
          </p>
          {registrationVariants.length > 0 && <Link to={REGISTER_PATH}>ご利用のお申し込み</Link>}
        </FirstVisitPanel>
      </Inner>
    </Band>
  );
}
