import { useMemo } from 'react';
import { MATCHING_MESSAGES, searchNeedsCall } from '#server/contracts/matching.ts';
import { Notice } from '#client/components/feedback/notice.ts';
import { TablePager } from '#client/components/table/table-pager.tsx';
import { PageEmpty, PageLead, ResultsSection } from '#client/components/page/page-text.ts';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { useListPage } from '#client/lib/list-search.ts';
import { NeedResultList } from './need-result-list.tsx';
import { type NeedSearchConditions, NeedSearchForm } from './need-search-form.tsx';

/**
 * /mypage/matching/search (ニーズを探す): the published needs of the bank's other companies and,
 * where the bank takes part in the network, those published nationwide by companies of the other
 * banks; searched by keyword, category, classification and prefecture, 25 a page. The conditions
 * and the page are the URL's, so back and forward return to a search; each need opens its page.
 */
export function NeedSearchPage() {
  const inNetwork = useAppConfig().nationwide_matching;
  const { search, change, turnPage, rows } = useListPage(searchNeedsCall);
  const { data, isError, isPending, isPlaceholderData } = rows;
  const conditions = useMemo<NeedSearchConditions>(
    () => ({
      keyword: search.keyword,
      category: search.category,
      industry_code: search.industry_code,
      area_code: search.area_code,
      scope: search.scope,
      order: search.order,
    }),
    [search],
  );

  return (
    <>
      <PageLead>
        {inNetwork
          ? '当行のお取引先企業と、全国のビジネスマッチングに参加する金融機関のお取引先企業が掲載しているニーズを探せます。'
          : '当行のお取引先企業が掲載しているニーズを探せます。'}
      </PageLead>
      <NeedSearchForm conditions={conditions} inNetwork={inNetwork} onSearch={(next) => change(next)} />
      {isError && (
        <Notice role="alert">
          <p>{MATCHING_MESSAGES.searchFailed}</p>
        </Notice>
      )}
      {isPending && (
        <Notice role="status" $tone="info">
          <p>検索中</p>
        </Notice>
      )}
      {data && (
        <ResultsSection
          aria-labelledby="need-search-results"
          aria-busy={isPlaceholderData || undefined}
          $busy={isPlaceholderData}
        >
          <h2 id="need-search-results">検索結果（{data.paging_data.total_rows}件）</h2>
          {data.list.length === 0 ? (
            <PageEmpty>条件に合うニーズは見つかりませんでした。条件を変えてお試しください。</PageEmpty>
          ) : (
            <NeedResultList needs={data.list} />
          )}
          <TablePager paging={data.paging_data} onChange={turnPage} rowsChoice={false} />
        </ResultsSection>
      )}
    </>
  );
}
