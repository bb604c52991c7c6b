import type * as z from 'zod/mini';
import styled from 'styled-components';
import { seminarApplicantsCall, type seminarApplicationSchema } from '#server/contracts/news-staff.ts';
import { DataTable, dataColumnHelper } from '#client/components/table/data-table.tsx';
import { LOAD_FAILED_MESSAGE } from '#client/lib/save-flow.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { formatDayTime } from '../article-display.ts';

type Applicant = z.infer<typeof seminarApplicationSchema>;

const Section = styled.section`
  margin-top: ${({ theme }) => theme.spacing.xl};

  h2 {
    margin: 0 0 ${({ theme }) => theme.spacing.sm};
    font-size: ${({ theme }) => theme.typography.fontSizeLarge};
  }
`;

const Notice = styled.p<{ $error?: boolean }>`
  margin: 0;
  font-weight: ${({ theme, $error }) => ($error ? theme.typography.fontWeightBold : 'normal')};
  color: ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.textMuted)};
`;

const column = dataColumnHelper<Applicant>();
const COLUMNS = column.columns([
  column.accessor('company_name', { header: '企業名', meta: { rowHeader: true } }),
  column.accessor('user_name', { header: '申込者' }),
  column.accessor((applicant) => formatDayTime(applicant.applied_at), {
    id: 'applied_at',
    header: '申込日時',
    meta: { nowrap: true },
  }),
]);

/** A seminar's applicants (GET /api/v1/admin/seminar/{id}/applications), newest first, with the count against its capacity. */
export function SeminarApplicants({ articleId, capacity }: { articleId: number; capacity: number | null }) {
  const applicants = useCallQuery(seminarApplicantsCall, { params: { id: articleId } });
  const { isError, isPending } = applicants;
  const data = applicants.data?.list;
  return (
    <Section aria-labelledby="seminar-applicants-title">
      <h2 id="seminar-applicants-title">申込者一覧</h2>
      {isPending && <Notice role="status">読み込み中</Notice>}
      {isError && (
        <Notice role="alert" $error>
          {LOAD_FAILED_MESSAGE}
        </Notice>
      )}
      {data && (
        <DataTable
          caption={`申込 ${data.length}名${capacity !== null ? ` / 定員 ${capacity}名` : ''}`}
          columns={COLUMNS}
          data={data}
          getRowId={(applicant) => `${applicant.applied_at}-${applicant.company_name}-${applicant.user_name}`}
          emptyMessage="まだ申込はありません"
        />
      )}
    </Section>
  );
}
