import { useSearchParams } from '#client/lib/router/index.ts';
import { LIST_DEFAULT_ROWS, pageNumberOf, rowsOf } from './article-pages.ts';

export interface ListPositionChange {
  page?: number;
  rows?: number;
  /** Filters by query name; an empty value removes the filter. */
  filters?: Readonly<Record<string, string>>;
}

/**
 * A list's page and row count (and its filters) kept in the URL (`?page=2&rows=50&category_code=…`), so
 * a list can be reloaded, shared and gone back to. Defaults stay out of the address; a change of row
 * count or filter starts again from the first page.
 */
export function useListPosition() {
  const [params, setParams] = useSearchParams();
  const page = pageNumberOf(params.get('page'));
  const rows = rowsOf(params.get('rows'));
  const change = ({ page: nextPage = 1, rows: nextRows, filters = {} }: ListPositionChange) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      for (const [name, value] of Object.entries(filters)) {
        if (value === '') updated.delete(name);
        else updated.set(name, value);
      }
      if (nextRows !== undefined) {
        if (nextRows === LIST_DEFAULT_ROWS) updated.delete('rows');
        else updated.set('rows', String(nextRows));
      }
      if (nextPage === 1) updated.delete('page');
      else updated.set('page', String(nextPage));
      return updated;
    });
  /** The pager's change: the new page starts at the top of the window, not where 次ページ was. */
  const turnPage = (next: { page: number; rows: number }) => {
    change(next);
    scrollToTop();
  };
  return { params, page, rows, change, turnPage };
}

/** Scrolls the window back to the top (older engines without Element.scrollTo stay where they are). */
export function scrollToTop(): void {
  document.scrollingElement?.scrollTo?.({ top: 0 });
}
