import type { ReactNode } from 'react';
import { Link } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import { CardGrid, EndActions } from '#client/components/page/row-layouts.ts';
import type { PublishedNeed } from '#server/contracts/matching.ts';
import {
  NationwideTag,
  NeedCategoryTag,
  needPeriodText,
  useNeedPlaceNames,
} from '../components/need-display.tsx';
import { matchingCompanyPath, needDetailPath } from '../matching-paths.ts';

const Card = styled.li`
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.spacing.sm};
  min-width: 0;
  padding: ${({ theme }) => theme.spacing.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const Tags = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.xs};
`;

const Title = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizeLarge};
  overflow-wrap: anywhere;

  a {
    color: ${({ theme }) => theme.colors.link};
  }
`;

/** The body's first lines: enough to tell one need from another, the rest on its page. */
const Excerpt = styled.p`
  display: -webkit-box;
  margin: 0;
  overflow: hidden;
  -webkit-line-clamp: 3;
  -webkit-box-orient: vertical;
  overflow-wrap: anywhere;
  white-space: pre-line;
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: 0 ${({ theme }) => theme.spacing.sm};
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

export interface NeedResultListProps {
  needs: readonly PublishedNeed[];
  /** The list's accessible name (the search's results, a company's needs, a campaign's). */
  label?: string;
  /** A card's own action, under its facts. */
  actionOf?: (need: PublishedNeed) => ReactNode;
  /** The company's name links to its page (not on that page itself). */
  companyLinked?: boolean;
}

/**
 * Published needs, each a card: its category (and 全国 for one published to the whole network),
 * its title linking to its page, its body's first lines, its company (linking to the company's
 * matching page), the company's prefecture and bank, and its period. The search, the favourites,
 * a company's page and the campaigns list needs alike.
 */
export function NeedResultList({
  needs,
  label = '検索結果のニーズ',
  actionOf,
  companyLinked = true,
}: NeedResultListProps) {
  const names = useNeedPlaceNames();
  return (
    <CardGrid aria-label={label}>
      {needs.map((need) => (
        <Card key={need.ca_unique_code}>
          <Tags>
            <NeedCategoryTag code={need.need_category} />
            {need.need_is_nationwide && <NationwideTag />}
          </Tags>
          <Title>
            <Link to={needDetailPath(need.ca_unique_code)}>{need.need_title}</Link>
          </Title>
          <Excerpt>{need.need_body}</Excerpt>
          <Facts>
            <dt>企業名</dt>
            <dd>
              {companyLinked ? (
                <Link to={matchingCompanyPath(need.company_unique_code)}>{need.company_name}</Link>
              ) : (
                need.company_name
              )}
            </dd>
            <dt>所在地</dt>
            <dd>{names.prefecture(need.company_prefecture_code) ?? '—'}</dd>
            <dt>金融機関</dt>
            <dd>{need.bank_name}</dd>
            <dt>掲載期間</dt>
            <dd>{needPeriodText(need)}</dd>
          </Facts>
          {actionOf && <EndActions>{actionOf(need)}</EndActions>}
        </Card>
      ))}
    </CardGrid>
  );
}
