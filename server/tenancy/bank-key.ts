/**
 * The key of a bank's entry in a store shared by all banks (Redis, an in-process cache): the bank
 * code first, so one bank's entries never collide with another's and can be found together
 * (`{REDIS_KEY_PREFIX}0182:*`). Every per-bank key is made here.
 */
export function bankScopedKey(bankCode: string, ...parts: readonly string[]): string {
  return [bankCode, ...parts].join(':');
}
