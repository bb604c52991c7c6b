import { getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbTransaction } from '../transaction-type.ts';
import * as master from '../schema/master-lists.ts';
import { updateFromIncoming } from '../upsert.ts';
import { companyTypeRows, permissionRows, userTypeRows } from './account-type-rows.ts';
import * as codeLists from './code-lists.ts';
import { industryMajorClassRows, industryMiddleClassRows } from './industry-classification.ts';
import { prefectureRows } from './prefectures.ts';

/**
 * One master list and its contents, upserted by its key. Entries that disappear from a list are not
 * deleted here: other tables may still reference them, so removing one is a migration of its own.
 */
function masterList<TTable extends PgTable>(
  table: TTable,
  key: PgColumn,
  rows: readonly TTable['$inferInsert'][],
) {
  return {
    table: getTableName(table),
    async sync(tx: DbTransaction) {
      await tx
        .insert(table)
        .values([...rows])
        .onConflictDoUpdate({ target: key, ...updateFromIncoming(table, { key: [key] }) });
    },
  };
}

/** Every national master list with its contents, parents before the lists that reference them. */
const MASTER_LISTS = [
  masterList(master.prefectures, master.prefectures.code, prefectureRows),
  masterList(master.industryMajorClasses, master.industryMajorClasses.code, industryMajorClassRows),
  masterList(master.industryMiddleClasses, master.industryMiddleClasses.code, industryMiddleClassRows),
  masterList(master.userTypes, master.userTypes.code, userTypeRows),
  masterList(master.companyTypes, master.companyTypes.code, companyTypeRows),
  masterList(master.permissions, master.permissions.code, permissionRows),
  masterList(master.chargeStatuses, master.chargeStatuses.code, codeLists.chargeStatusRows),
  masterList(master.chatRoomTypes, master.chatRoomTypes.code, codeLists.chatRoomTypeRows),
  masterList(master.analyseActions, master.analyseActions.code, codeLists.analyseActionRows),
  masterList(master.subsidyClasses, master.subsidyClasses.code, codeLists.subsidyClassRows),
  masterList(master.unsubscribeReasons, master.unsubscribeReasons.code, codeLists.unsubscribeReasonRows),
  masterList(master.seminarStatuses, master.seminarStatuses.code, codeLists.seminarStatusRows),
  masterList(master.interestingFeatures, master.interestingFeatures.code, codeLists.interestingFeatureRows),
  masterList(master.newsCategories, master.newsCategories.code, codeLists.newsCategoryRows),
  masterList(
    master.companyRegisterStatuses,
    master.companyRegisterStatuses.code,
    codeLists.companyRegisterStatusRows,
  ),
  masterList(
    master.companyRegisterReasons,
    master.companyRegisterReasons.code,
    codeLists.companyRegisterReasonRows,
  ),
  masterList(master.activityTypes, master.activityTypes.code, codeLists.activityTypeRows),
  masterList(master.documentCategories, master.documentCategories.code, codeLists.documentCategoryRows),
  masterList(master.companyStatuses, master.companyStatuses.code, codeLists.companyStatusRows),
  masterList(master.couponCategories, master.couponCategories.code, codeLists.couponCategoryRows),
  masterList(master.couponStatuses, master.couponStatuses.code, codeLists.couponStatusRows),
  masterList(
    master.couponPublishStatuses,
    master.couponPublishStatuses.code,
    codeLists.couponPublishStatusRows,
  ),
  masterList(
    master.innovationHistoryStatuses,
    master.innovationHistoryStatuses.code,
    codeLists.innovationHistoryStatusRows,
  ),
  masterList(master.dealStatuses, master.dealStatuses.code, codeLists.dealStatusRows),
  masterList(master.dealRequestTypes, master.dealRequestTypes.code, codeLists.dealRequestTypeRows),
  masterList(
    master.partnerInformationStatuses,
    master.partnerInformationStatuses.code,
    codeLists.partnerInformationStatusRows,
  ),
  masterList(master.eventCodes, master.eventCodes.code, codeLists.eventCodeRows),
];

/**
 * Brings the national master lists in step with server/db/master-data/. Runs in openDatabase after
 * the migrations, as the migrating user (the application role may only read these tables), so every
 * environment — production included — has them without the demo seed. Unchanged rows are not
 * rewritten, so a restart with the same lists writes nothing.
 */
export async function syncMasterData(tx: DbTransaction): Promise<void> {
  for (const list of MASTER_LISTS) {
    await list.sync(tx);
  }
}

/** The tables syncMasterData fills (the row-level security test checks the app role cannot write them). */
export const MASTER_TABLE_NAMES: readonly string[] = MASTER_LISTS.map((list) => list.table);
