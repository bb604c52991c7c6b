import { Link } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { ExternalLink } from '../external-link.tsx';
import { footerContentOf } from './footer-content.ts';

const Footer = styled.footer`
  padding: ${({ theme }) => `${theme.spacing.lg} ${theme.spacing.md}`};
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  background: ${({ theme }) => theme.colors.surface};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Inner = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  max-width: ${({ theme }) => theme.layout.contentMaxWidth};
  margin-inline: auto;

  ${({ theme }) => theme.media.tabletUp} {
    grid-template-columns: auto 1fr;
    align-items: center;
  }
`;

const Brand = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.md};

  p {
    margin: 0;
  }
`;

const FooterLogo = styled.img`
  display: block;
  width: auto;
  height: 28px;
  max-width: 160px;
  object-fit: contain;
`;

const Links = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.lg}`};
  margin: 0;
  padding: 0;
  list-style: none;

  ${({ theme }) => theme.media.tabletUp} {
    justify-content: flex-end;
  }

  a {
    display: inline-block;
    padding-block: ${({ theme }) => theme.spacing.xs};
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Copyright = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};

  ${({ theme }) => theme.media.tabletUp} {
    grid-column: 1 / -1;
  }
`;

/** The site footer (spec section 2): the bank's logo and code, the policy and inquiry links, copyright. */
export function SiteFooter() {
  const config = useAppConfig();
  const content = footerContentOf(config);
  return (
    <Footer>
      <Inner>
        <Brand>
          {content.logoUrl && <FooterLogo src={content.logoUrl} alt={config.bank.name} height={28} />}
          {content.bankCode && <p>金融機関コード：{content.bankCode}</p>}
        </Brand>
        <nav aria-label="フッターメニュー">
          <Links>
            {content.links.map((link) => (
              <li key={link.label}>
                {link.kind === 'internal' ? (
                  <Link to={link.to}>{link.label}</Link>
                ) : (
                  <ExternalLink href={link.href}>{link.label}</ExternalLink>
                )}
              </li>
            ))}
          </Links>
        </nav>
        <Copyright>
          <small>{config.copyright}</small>
        </Copyright>
      </Inner>
    </Footer>
  );
}
