import { Fragment, type ReactNode } from 'react';
import styled from 'styled-components';
import {
  ARTICLE_TARGET_LABELS,
  PROVIDED_ARTICLE_LOCKED_MESSAGE,
  VISIBILITY_LABELS,
} from '#server/contracts/news.ts';
import { type AdminArticleDetail } from '#server/contracts/news-staff.ts';
import { RichTextContent } from '#client/components/rich-text/rich-text-content.tsx';
import { useMasterList } from '#client/lib/master-data.ts';
import { formatFileSize } from '#client/lib/file-size.ts';
import { formatDay, formatDayTime, formatPeriod } from '../article-display.ts';
import { originText, PublicationStatusTag } from './article-table.tsx';

const Notice = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.lg};
  padding: ${({ theme }) => theme.spacing.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-left: 4px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
`;

const Facts = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs} ${({ theme }) => theme.spacing.lg};
  margin: 0 0 ${({ theme }) => theme.spacing.lg};

  ${({ theme }) => theme.media.tabletUp} {
    grid-template-columns: 12em minmax(0, 1fr);
  }

  dt {
    font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  }

  dd {
    margin: 0 0 ${({ theme }) => theme.spacing.sm};
    overflow-wrap: anywhere;
  }

  a {
    color: ${({ theme }) => theme.colors.link};
  }
`;

const Body = styled.section`
  padding: ${({ theme }) => theme.spacing.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

/** Why this staff member sees the item without a form. */
function readOnlyReason(article: AdminArticleDetail): string {
  if (article.article_company_name !== null)
    return 'パートナー企業が作成したパートナー情報です。内容を確認して審査（承認・否認）します。編集は作成した企業が行います。';
  if (!article.article_is_own_bank) return PROVIDED_ARTICLE_LOCKED_MESSAGE;
  return 'この記事を編集・削除する権限がありません。内容の確認のみできます。';
}

/**
 * An item as staff who may not change it see it (its can_edit is false: a branch user, a branch
 * admin on another's item, a provided item), and a partner company's own item as every staff member
 * sees it (the bank reviews it, the company edits it): every field, the body as companies see it,
 * the files.
 */
export function ArticleReadOnly({ article }: { article: AdminArticleDetail }) {
  const partnerStatuses = useMasterList('partner_information_statuses');
  const seminarStatuses = useMasterList('seminar_statuses');
  const nameOf = (list: readonly { code: string; name: string }[], code: string | null) =>
    code === null ? '—' : (list.find((item) => item.code === code)?.name ?? code);

  const facts: [string, ReactNode][] = [
    ['タイトル', article.article_title],
    ['ステータス', <PublicationStatusTag key="status" status={article.publication_status} />],
    ['カテゴリ', article.category_name ?? '—'],
    ['公開設定', VISIBILITY_LABELS[article.article_visibility]],
    ['公開期間', formatPeriod(article.article_publish_start, article.article_publish_end)],
    ['対象', ARTICLE_TARGET_LABELS[article.article_target]],
    ['提供元', originText(article)],
  ];
  if (article.article_kind === 'partner_information')
    facts.push(['審査状況', nameOf(partnerStatuses, article.pi_status)]);
  if (article.pi_review_note !== null) facts.push(['否認の理由', article.pi_review_note]);
  if (article.article_kind === 'seminar')
    facts.push(
      ['開催日時', article.seminar_held_at ? formatDayTime(article.seminar_held_at) : '—'],
      ['会場', article.seminar_place ?? '—'],
      ['申込 / 定員', `${article.seminar_applied_count ?? 0} / ${article.seminar_capacity ?? '—'}名`],
      ['申込期限', article.seminar_apply_deadline ? formatDay(article.seminar_apply_deadline) : '—'],
      ['受付状況', article.seminar_is_cancelled ? '中止' : nameOf(seminarStatuses, article.seminar_status)],
    );
  facts.push(['作成者', article.author_name ?? '—'], ['更新日時', formatDayTime(article.article_updated_at)]);

  return (
    <>
      <Notice role="note">{readOnlyReason(article)}</Notice>
      <Facts>
        {facts.map(([term, value]) => (
          <Fragment key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
        <dt>添付ファイル</dt>
        <dd>
          {article.attachments.length === 0
            ? 'なし'
            : article.attachments.map((file) => (
                <div key={file.file_unique_code}>
                  <a href={file.file_url} target="_blank" rel="noopener noreferrer">
                    {file.file_name}
                  </a>{' '}
                  （{formatFileSize(file.file_size)}）
                </div>
              ))}
        </dd>
      </Facts>
      <Body aria-label="本文">
        <RichTextContent html={article.article_body} />
      </Body>
    </>
  );
}
