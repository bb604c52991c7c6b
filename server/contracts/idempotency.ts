// zod/mini: the pages that send a key bundle this module.
import { z } from 'zod/mini';

/**
 * Commands a page may send again without doing them twice (decision 0106): the page sends a key of
 * its own making in the `Idempotency-Key` header (the IETF httpapi draft's name), the same key for
 * every retry of the same work; the gateway answers a key it has seen from that user to that call
 * with the first result. Keys are random (crypto.randomUUID in the browser) and live a day.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

export const idempotencyKeySchema = /* @__PURE__ */ z
  .string()
  .check(/* @__PURE__ */ z.regex(/^[A-Za-z0-9_-]{16,128}$/));

export const IDEMPOTENCY_MESSAGES = {
  /** The header is there but is no key (400). */
  invalidKey: '送信キーの形式が正しくありません',
  /** The key was used before with other content (422): the page must make a new key for new content. */
  keyReused: '同じ送信キーで別の内容が送られました。画面を読み込み直してから、もう一度お試しください。',
} as const;
