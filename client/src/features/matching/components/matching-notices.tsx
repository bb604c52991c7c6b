import { Notice } from '#client/components/feedback/notice.ts';
import { LOAD_FAILED_MESSAGE } from '#client/lib/save-flow.ts';

/** While a page's first answer is on its way. */
export function LoadingNotice({ text = '読み込み中' }: { text?: string }) {
  return (
    <Notice role="status" $tone="info">
      <p>{text}</p>
    </Notice>
  );
}

/** A load that failed (spec section 8: データ取得に失敗しました, unless the page has its own words). */
export function LoadFailedNotice({ message = LOAD_FAILED_MESSAGE }: { message?: string }) {
  return (
    <Notice role="alert">
      <p>{message}</p>
    </Notice>
  );
}
