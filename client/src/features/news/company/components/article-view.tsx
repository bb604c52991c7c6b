import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { CompanyArticleDetail } from '../../../../../../server/contracts/news.ts';
import { RichTextContent } from '../../../../components/rich-text/rich-text-content.tsx';
import { formatJapaneseDate } from '../../../../lib/date-format.ts';
import { ArticleMeta, CategoryLabel } from './article-meta.ts';
import { AttachmentList } from './attachment-list.tsx';

const Article = styled.article`
  padding: ${({ theme }) => theme.spacing.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};

  ${({ theme }) => theme.media.tabletUp} {
    padding: ${({ theme }) => theme.spacing.lg};
  }
`;

const Header = styled.header`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
  margin-bottom: ${({ theme }) => theme.spacing.lg};
  padding-bottom: ${({ theme }) => theme.spacing.md};
  border-bottom: 2px solid ${({ theme }) => theme.colors.main};
`;

const Title = styled.h2`
  margin: 0;
  font-size: 20px;
  line-height: 1.4;
  overflow-wrap: anywhere;

  ${({ theme }) => theme.media.tabletUp} {
    font-size: 24px;
  }
`;

const Extra = styled.div`
  margin-bottom: ${({ theme }) => theme.spacing.lg};
`;

const Back = styled.p`
  margin: ${({ theme }) => theme.spacing.lg} 0 0;

  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    color: ${({ theme }) => theme.colors.link};
  }
`;

export interface ArticleViewProps {
  article: CompanyArticleDetail;
  /** 1 on a page without a page title (the public detail), 2 under the layout's title. */
  titleLevel: 1 | 2;
  /** What comes between the header and the body: a seminar's facts and application. */
  children?: ReactNode;
  /** The way back to the list. */
  back: { to: string; label: string };
}

/**
 * An item as companies read it: its title, publication date, category and provider, the body (the
 * server-sanitised HTML, sanitised again in the browser: no script ever runs) and the attachments
 * with their sizes.
 */
export function ArticleView({ article, titleLevel, children, back }: ArticleViewProps) {
  return (
    <>
      <Article>
        <Header>
          <ArticleMeta>
            <span>
              公開日：
              <time dateTime={article.article_publish_start}>
                {formatJapaneseDate(article.article_publish_start)}
              </time>
            </span>
            {article.category_name && <CategoryLabel>{article.category_name}</CategoryLabel>}
            {article.article_provider_name && <span>提供：{article.article_provider_name}</span>}
          </ArticleMeta>
          <Title as={`h${titleLevel}`}>{article.article_title}</Title>
        </Header>
        {children && <Extra>{children}</Extra>}
        <RichTextContent html={article.article_body} />
        <AttachmentList files={article.attachments} headingLevel={titleLevel === 1 ? 2 : 3} />
      </Article>
      <Back>
        <Link to={back.to}>{back.label}</Link>
      </Back>
    </>
  );
}
