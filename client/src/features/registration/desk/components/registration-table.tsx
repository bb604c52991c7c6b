import { useMemo } from 'react';
import { Link } from '#client/lib/router/index.ts';
import { isPagePath } from '#server/contracts/page-table.ts';
import type { RegistrationListItem } from '#server/contracts/registration-desk.ts';
import { isRouteOffered } from '#server/contracts/route-access.ts';
import { DataTable, dataColumnHelper } from '#client/components/table/data-table.tsx';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { formatDeskDayTime } from '../registration-desk-display.ts';
import { REGISTRATION_DESK_LABEL, registrationDetailPath } from '../registration-desk-paths.ts';
import { RegistrationStatusTag } from './registration-status-tag.tsx';

const column = dataColumnHelper<RegistrationListItem>();

/**
 * Whether this staff member may open an application's page: the page exists (the page table) and the
 * route rules let them in (system and bank admins; branch staff see the list only).
 */
function useMayOpenDetail(): boolean {
  const user = useCurrentUser();
  const { features } = useAppConfig();
  return useMemo(() => {
    // Any application's page: the page table and the rules name them all by one pattern.
    const path = registrationDetailPath('R000000000000');
    return isPagePath(path) && isRouteOffered(path, { user, features });
  }, [user, features]);
}

/**
 * The columns of the desk: 申込番号 (a link to the application for those who may open it),
 * 申込日時, 申込種別, 企業名, 申込者, お取引店 and 状態.
 */
function useRegistrationColumns() {
  const mayOpen = useMayOpenDetail();
  return useMemo(
    () =>
      column.columns([
        column.accessor('cr_unique_code', {
          header: '申込番号',
          meta: { rowHeader: true, nowrap: true },
          cell: (info) =>
            mayOpen ? (
              <Link to={registrationDetailPath(info.getValue())}>{info.getValue()}</Link>
            ) : (
              info.getValue()
            ),
        }),
        column.accessor((item) => formatDeskDayTime(item.cr_created_at), {
          id: 'applied_at',
          header: '申込日時',
          meta: { nowrap: true },
        }),
        column.accessor('variant_title', { header: '申込種別', meta: { minWidth: '12em' } }),
        column.accessor('cr_company_name', { header: '企業名', meta: { minWidth: '12em' } }),
        column.accessor('cr_applicant_name', { header: '申込者', meta: { minWidth: '8em' } }),
        column.accessor((item) => item.bb_name ?? '—', {
          id: 'branch',
          header: 'お取引店',
          meta: { minWidth: '8em' },
        }),
        column.accessor('cr_status', {
          header: '状態',
          meta: { nowrap: true },
          cell: (info) => <RegistrationStatusTag status={info.getValue()} />,
        }),
      ]),
    [mayOpen],
  );
}

/** A page of applications as a table (DataTable); 該当するデータがありません when none matches. */
export function RegistrationTable({
  items,
  busy,
}: {
  items: readonly RegistrationListItem[];
  busy: boolean;
}) {
  const columns = useRegistrationColumns();
  return (
    <DataTable
      caption={`${REGISTRATION_DESK_LABEL}一覧`}
      captionHidden
      columns={columns}
      data={items}
      getRowId={(item) => item.cr_unique_code}
      busy={busy}
    />
  );
}
