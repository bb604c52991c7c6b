/**
 * Splits rows into consecutive slices of at most `size`, for multi-row INSERTs that stay under
 * PostgreSQL's 65,535 bind parameters per statement (a bulk create's companies, owners and mails).
 */
export function batchesOf<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}
