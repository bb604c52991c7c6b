import { MESSAGES } from '#server/contracts/messages.ts';
import { Notice } from '../feedback/notice.ts';
import { LOADING_TEXT } from './query-state.tsx';

/**
 * A page's whole content replaced by its load state, in the bordered notice box (decision 0110):
 * for a page that has nothing to show before its data (a company's own list, a settings page).
 * A list that keeps its search on screen uses QueryState (through ListPageFrame) instead.
 */

/** While a page's first answer is on its way. */
export function LoadingNotice({ text = LOADING_TEXT }: { text?: string }) {
  return (
    <Notice role="status" $tone="info">
      <p>{text}</p>
    </Notice>
  );
}

/** A load that failed (spec section 8: データ取得に失敗しました, unless the page has its own words). */
export function LoadFailedNotice({ message = MESSAGES.loadFailed }: { message?: string }) {
  return (
    <Notice role="alert">
      <p>{message}</p>
    </Notice>
  );
}
