import { inArray } from 'drizzle-orm';
import type { DbTransaction } from './database.ts';
import { industryMiddleClasses, prefectures } from './schema/master-lists.ts';

/**
 * Which of the codes a form sent the national masters do not hold: the pages offer only the
 * masters' codes, so only a master changed since the page loaded (or a hand-made request) sends
 * one, and the save refuses it (422 under the list).
 */

/** The codes of `codes` the JSIC 中分類 master does not hold. */
export async function unknownIndustryCodes(tx: DbTransaction, codes: readonly string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const known = await tx
    .select({ code: industryMiddleClasses.code })
    .from(industryMiddleClasses)
    .where(inArray(industryMiddleClasses.code, [...codes]));
  const knownCodes = new Set(known.map((row) => row.code));
  return codes.filter((code) => !knownCodes.has(code));
}

/** The codes of `codes` the prefectures master does not hold. */
export async function unknownPrefectureCodes(tx: DbTransaction, codes: readonly string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const known = await tx
    .select({ code: prefectures.code })
    .from(prefectures)
    .where(inArray(prefectures.code, [...codes]));
  const knownCodes = new Set(known.map((row) => row.code));
  return codes.filter((code) => !knownCodes.has(code));
}
