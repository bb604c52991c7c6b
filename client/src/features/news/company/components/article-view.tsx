import type { ReactNode } from 'react';
import { Link } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import type { CompanyArticleDetail, UploadedFile } from '#server/contracts/news.ts';
import { RichTextContent } from '#client/components/rich-text/rich-text-content.tsx';
import { formatJapaneseDate } from '#client/lib/date-format.ts';
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

/** What an item shows, whether it is stored (a company's page) or still being written (the staff's preview). */
export interface ArticleContentProps {
  title: string;
  /** YYYY-MM-DD; nothing is shown when empty. */
  publishStart: string;
  categoryName: string | null | undefined;
  providerName: string | null | undefined;
  /** The body: RichTextContent of the server-sanitised HTML (or what stands in for it while it loads). */
  body: ReactNode;
  attachments: readonly UploadedFile[];
  /** 1 on a page without a page title (the public detail), 2 under the layout's title, 3 in a dialog. */
  titleLevel: 1 | 2 | 3;
  /** What comes between the header and the body: a seminar's facts and application. */
  children?: ReactNode;
  /** The article's accessible name, where the title alone does not say what it is (the preview). */
  label?: string;
}

/**
 * An item as companies read it: its title, publication date, category and provider, the body and
 * the attachments with their sizes. The staff's preview shows the same, so it is what companies see.
 */
export function ArticleContent({
  title,
  publishStart,
  categoryName,
  providerName,
  body,
  attachments,
  titleLevel,
  children,
  label,
}: ArticleContentProps) {
  return (
    <Article aria-label={label}>
      <Header>
        <ArticleMeta>
          {publishStart && (
            <span>
              公開日：
              <time dateTime={publishStart}>{formatJapaneseDate(publishStart)}</time>
            </span>
          )}
          {categoryName && <CategoryLabel>{categoryName}</CategoryLabel>}
          {providerName && <span>提供：{providerName}</span>}
        </ArticleMeta>
        <Title as={`h${titleLevel}`}>{title}</Title>
      </Header>
      {children && <Extra>{children}</Extra>}
      {body}
      <AttachmentList files={attachments} headingLevel={titleLevel === 1 ? 2 : titleLevel === 2 ? 3 : 4} />
    </Article>
  );
}

export interface ArticleViewProps {
  article: CompanyArticleDetail;
  titleLevel: 1 | 2;
  children?: ReactNode;
  /** The way back to the list. */
  back: { to: string; label: string };
}

/** A stored item on a company's (or the public) page, with the way back to its list. */
export function ArticleView({ article, titleLevel, children, back }: ArticleViewProps) {
  return (
    <>
      <ArticleContent
        title={article.article_title}
        publishStart={article.article_publish_start}
        categoryName={article.category_name}
        providerName={article.article_provider_name}
        body={<RichTextContent html={article.article_body} />}
        attachments={article.attachments}
        titleLevel={titleLevel}
      >
        {children}
      </ArticleContent>
      <Back>
        <Link to={back.to}>{back.label}</Link>
      </Back>
    </>
  );
}
