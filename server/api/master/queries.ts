import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbTransaction } from '#server/db/database.ts';
import { bankBranches } from '#server/db/schema/bank-branches.ts';
import {
  analyseActions,
  chargeStatuses,
  chatRoomTypes,
  industryMajorClasses,
  industryMiddleClasses,
  prefectures,
  userTypes,
} from '#server/db/schema/master-lists.ts';
import type { analyseActionQuerySchema } from './schemas.ts';
import { bankBranchColumns } from '../kit/bank-branch-columns.ts';

export function listPrefectures(tx: DbTransaction) {
  return tx
    .select({
      code: prefectures.code,
      name: prefectures.name,
      name_kana: prefectures.name_kana,
      region: prefectures.region,
    })
    .from(prefectures)
    .orderBy(asc(prefectures.code));
}

/** The two-level business categories: every 大分類 with its 中分類, both in code order. */
export async function listBusinessCategories(tx: DbTransaction) {
  const majors = await tx
    .select({ code: industryMajorClasses.code, name: industryMajorClasses.name })
    .from(industryMajorClasses)
    .orderBy(asc(industryMajorClasses.code));
  const middles = await tx
    .select({
      code: industryMiddleClasses.code,
      name: industryMiddleClasses.name,
      major_code: industryMiddleClasses.major_code,
    })
    .from(industryMiddleClasses)
    .orderBy(asc(industryMiddleClasses.code));
  const byMajor = Map.groupBy(middles, (middle) => middle.major_code);
  return majors.map((major) => ({
    ...major,
    children: (byMajor.get(major.code) ?? []).map(({ code, name }) => ({ code, name })),
  }));
}

export function listUserTypes(tx: DbTransaction) {
  return tx
    .select({ code: userTypes.code, name: userTypes.name, user_group: userTypes.user_group })
    .from(userTypes)
    .orderBy(asc(userTypes.sort_order));
}

export function listChargeStatuses(tx: DbTransaction) {
  return tx
    .select({
      code: chargeStatuses.code,
      name: chargeStatuses.name,
      color: chargeStatuses.color,
      is_closed: chargeStatuses.is_closed,
    })
    .from(chargeStatuses)
    .orderBy(asc(chargeStatuses.sort_order));
}

export function listChatRoomTypes(tx: DbTransaction) {
  return tx
    .select({
      code: chatRoomTypes.code,
      name: chatRoomTypes.name,
      is_hidden: chatRoomTypes.is_hidden,
      requires_approval: chatRoomTypes.requires_approval,
      is_builtin: chatRoomTypes.is_builtin,
    })
    .from(chatRoomTypes)
    .orderBy(asc(chatRoomTypes.sort_order));
}

export async function listAnalyseActions(tx: DbTransaction, query: z.infer<typeof analyseActionQuerySchema>) {
  const rows = await tx
    .select({ code: analyseActions.code, name: analyseActions.name, category: analyseActions.category })
    .from(analyseActions)
    .where(query.category === undefined ? undefined : eq(analyseActions.category, query.category))
    .orderBy(asc(analyseActions.sort_order));
  return rows;
}

/** The current bank's open branches — row-level security supplies the bank, so there is no bank filter here. */
export function listBankBranches(tx: DbTransaction) {
  return tx
    .select(bankBranchColumns)
    .from(bankBranches)
    .where(eq(bankBranches.bb_is_closed, false))
    .orderBy(asc(bankBranches.bb_sort_order), asc(bankBranches.bb_code));
}
