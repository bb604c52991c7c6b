import type { ReactNode } from 'react';
import { Link } from '#client/lib/router/index.ts';
import styled, { css } from 'styled-components';
import type { CompanyArticleListItem } from '#server/contracts/news.ts';
import { UnreadMark } from '#client/components/unread-mark.ts';
import { formatJapaneseDate } from '#client/lib/date-format.ts';
import { ArticleMeta, CategoryLabel } from './article-meta.ts';

const Items = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Item = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs};
  padding: ${({ theme }) => `${theme.spacing.md} ${theme.spacing.xs}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  ${({ theme }) => theme.media.tabletUp} {
    padding-inline: ${({ theme }) => theme.spacing.sm};
  }
`;

const TitleLink = styled(Link)<{ $unread: boolean }>`
  display: block;
  padding-block: ${({ theme }) => theme.spacing.xs};
  color: ${({ theme }) => theme.colors.link};
  overflow-wrap: anywhere;
  ${({ $unread, theme }) =>
    $unread
      ? css`
          font-weight: ${theme.typography.fontWeightBold};
        `
      : css`
          font-weight: normal;
        `}
`;

const Provider = styled.span`
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface ArticleListProps {
  items: readonly CompanyArticleListItem[];
  /** Where an item's detail page is. */
  detailPath: (articleId: number) => string;
  /** What an item shows under its title (the seminar list: date, place and status). */
  details?: (item: CompanyArticleListItem) => ReactNode;
  /** Names the list for screen readers (e.g. ニュース一覧). */
  label: string;
}

/**
 * The items of a list page, newest first as the API answers them: publication date, category, the
 * title as a link to the item, and for an item the user has not opened yet a 未読 label and a bold
 * title.
 */
export function ArticleList({ items, detailPath, details, label }: ArticleListProps) {
  return (
    <Items aria-label={label}>
      {items.map((item) => (
        <Item key={item.article_id}>
          <ArticleMeta>
            <time dateTime={item.article_publish_start}>
              {formatJapaneseDate(item.article_publish_start)}
            </time>
            {item.category_name && <CategoryLabel>{item.category_name}</CategoryLabel>}
            {item.article_provider_name && <Provider>提供：{item.article_provider_name}</Provider>}
          </ArticleMeta>
          <TitleLink to={detailPath(item.article_id)} $unread={!item.is_read}>
            {!item.is_read && <UnreadMark>未読</UnreadMark>}
            {item.article_title}
          </TitleLink>
          {details?.(item)}
        </Item>
      ))}
    </Items>
  );
}
