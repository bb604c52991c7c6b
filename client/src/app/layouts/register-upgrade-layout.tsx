import { Outlet } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import { useDocumentTitle } from '#client/components/page-header/document-title.ts';
import { MAIN_CONTENT_ID, SkipLink } from '#client/components/skip-link.tsx';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { LayoutFeedback } from './layout-feedback.tsx';
import { Main, Page } from './layout-frame.ts';
import { RegisterContent, RegisterHeader } from './register-header.tsx';

/**
 * The two banks' upgrade registrations (spec section 2: /register/bizsol and /register/ibmft with
 * their as_owner, as_employee and progress pages): a member of the bank's existing service moves
 * onto the portal. Each names the service the visitor comes from.
 */
export const REGISTER_UPGRADE_VARIANTS = {
  bizsol: { caption: 'ビジネスソリューション会員の方のお申し込み' },
  ibmft: { caption: 'インターネットバンキング会員の方のお申し込み' },
} as const;
export type RegisterUpgradeVariant = keyof typeof REGISTER_UPGRADE_VARIANTS;

const Footer = styled.footer`
  padding: ${({ theme }) => theme.spacing.md};
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

/**
 * An upgrade registration's layout: the bank's header naming the service the visitor comes from,
 * the form, and only the copyright below (the visitor is mid-way through a bank procedure, so no
 * links lead away from it).
 */
export function RegisterUpgradeLayout({ variant }: { variant: RegisterUpgradeVariant }) {
  const config = useAppConfig();
  useDocumentTitle();
  return (
    <Page>
      <SkipLink />
      <RegisterHeader caption={REGISTER_UPGRADE_VARIANTS[variant].caption} />
      <Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <RegisterContent>
          <Outlet />
        </RegisterContent>
      </Main>
      <Footer>
        <small>{config.copyright}</small>
      </Footer>
      <LayoutFeedback />
    </Page>
  );
}
