import { Link, useMatches } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { useDocumentTitle } from './document-title.ts';
import { pageHandleOf, withBankName } from './page-handle.ts';

const Header = styled.div`
  margin-bottom: ${({ theme }) => theme.spacing.lg};
`;

const Trail = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.xs};
  margin: 0 0 ${({ theme }) => theme.spacing.xs};
  padding: 0;
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme }) => theme.colors.textMuted};
  list-style: none;

  li + li::before {
    margin-right: ${({ theme }) => theme.spacing.xs};
    content: '>';
  }
`;

const Title = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizeLarge};
`;

/** The page's title with its breadcrumb, from the route's handle; nothing when the route has none. */
export function PageHeader() {
  const config = useAppConfig();
  const handle = pageHandleOf(useMatches());
  useDocumentTitle();
  if (!handle) return null;
  const title = withBankName(handle.title, config.bank.name);
  const ancestors = handle.breadcrumbs ?? [];
  return (
    <Header>
      {ancestors.length > 0 && (
        <nav aria-label="パンくずリスト">
          <Trail>
            {ancestors.map((crumb) => (
              <li key={crumb.to}>
                <Link to={crumb.to}>{withBankName(crumb.label, config.bank.name)}</Link>
              </li>
            ))}
            <li aria-current="page">{title}</li>
          </Trail>
        </nav>
      )}
      <Title>{title}</Title>
    </Header>
  );
}
