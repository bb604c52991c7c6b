import type { ReactNode } from 'react';
import { Link } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import { isLivePagePath } from '#client/lib/live-pages.ts';
import { FactList } from '../fact-list.tsx';

/** The dashboard's sections, one below the other, two columns from a tablet's width up. */
export const DashboardGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.lg};

  ${({ theme }) => theme.media.tabletUp} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Card = styled.section<{ $wide?: boolean }>`
  padding: ${({ theme }) => theme.spacing.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};

  ${({ theme }) => theme.media.tabletUp} {
    grid-column: ${({ $wide }) => ($wide ? '1 / -1' : 'auto')};
  }
`;

const CardHeading = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};
  align-items: center;
  justify-content: space-between;
  margin: 0 0 ${({ theme }) => theme.spacing.md};
`;

const CardTitle = styled.h2`
  display: flex;
  gap: ${({ theme }) => theme.spacing.sm};
  align-items: center;
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizeBase};
`;

const MoreLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme }) => theme.colors.link};
`;

/**
 * A titled card of the dashboard; `wide` spans both columns. `badge` sits beside the title (a
 * count), `more` links to the whole list the card shows the start of.
 */
export function DashboardCard({
  title,
  wide,
  badge,
  more,
  children,
}: {
  title: string;
  wide?: boolean;
  badge?: ReactNode;
  more?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <Card $wide={wide} aria-label={title}>
      <CardHeading>
        <CardTitle>
          {title}
          {badge}
        </CardTitle>
        {more && <MoreLink to={more.to}>{more.label}</MoreLink>}
      </CardHeading>
      {children}
    </Card>
  );
}

const Welcome = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  font-size: ${({ theme }) => theme.typography.fontSizeLarge};
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
`;

/** Who is logged in: 「ようこそ、{name} 様」 and facts such as the company or branch and the role. */
export function Greeting({
  name,
  facts,
}: {
  name: string;
  facts: ReadonlyArray<{ term: string; value: string }>;
}) {
  return (
    <DashboardCard title="ログイン中のユーザー" wide>
      <Welcome>ようこそ、{name} 様</Welcome>
      <FactList facts={facts} />
    </DashboardCard>
  );
}

const ShortcutList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs};
  margin: 0;
  padding: 0;
  list-style: none;

  a,
  span {
    display: flex;
    align-items: center;
    min-height: 44px;
    padding-inline: ${({ theme }) => theme.spacing.sm};
  }

  a {
    color: ${({ theme }) => theme.colors.link};
    border-radius: ${({ theme }) => theme.radii.md};
  }

  a:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;

export interface Shortcut {
  label: string;
  to: string;
}

/** Links to pages the user may open (the caller leaves out what the route rules deny). */
export function ShortcutLinks({ shortcuts }: { shortcuts: readonly Shortcut[] }) {
  return (
    <ShortcutList>
      {shortcuts.map((shortcut) => (
        <li key={shortcut.to}>
          <Link to={shortcut.to}>{shortcut.label}</Link>
        </li>
      ))}
    </ShortcutList>
  );
}

/**
 * Counts, each linking to the page that lists what it counts, or the count alone while that page
 * does not exist yet (client/src/lib/live-pages.ts).
 */
export function CountLinks({ counts }: { counts: ReadonlyArray<{ label: string; to: string }> }) {
  return (
    <ShortcutList>
      {counts.map((count) => (
        <li key={count.to}>
          {isLivePagePath(count.to) ? <Link to={count.to}>{count.label}</Link> : <span>{count.label}</span>}
        </li>
      ))}
    </ShortcutList>
  );
}
