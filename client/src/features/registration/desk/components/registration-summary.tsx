import { useId } from 'react';
import styled from 'styled-components';
import type { CallResult } from '#server/contracts/call.ts';
import type { registrationDetailCall } from '#server/contracts/registration-desk.ts';
import { type Fact, FactList } from '#client/components/fact-list.tsx';
import { useMasterList } from '#client/lib/master-data.ts';
import { formatDeskDayTime } from '../registration-desk-display.ts';
import { RegistrationStatusTag } from './registration-status-tag.tsx';

type RegistrationDetail = CallResult<typeof registrationDetailCall>;

const Section = styled.section`
  h2 {
    margin: 0 0 ${({ theme }) => theme.spacing.sm};
    padding-bottom: ${({ theme }) => theme.spacing.xs};
    font-size: ${({ theme }) => theme.typography.fontSizeLarge};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

/**
 * Where the application stands: its number, status, variant, when it was applied for (and the terms
 * agreed to), who applied; once decided, when, and the company it created or why it was rejected.
 */
export function RegistrationSummary({ application }: { application: RegistrationDetail }) {
  const titleId = useId();
  const reasons = useMasterList('registration_reasons');
  const facts: Fact[] = [
    { term: '申込番号', value: application.cr_unique_code },
    { term: '状態', value: <RegistrationStatusTag status={application.cr_status} /> },
    { term: '申込種別', value: application.variant_title },
    { term: '申込日時', value: formatDeskDayTime(application.cr_created_at) },
    { term: '規約同意日時', value: formatDeskDayTime(application.cr_agreed_at) },
    { term: '申込者', value: application.cr_applicant_name },
    { term: '申込者のメールアドレス', value: application.cr_applicant_email },
  ];
  if (application.cr_decided_at !== null)
    facts.push({ term: '審査日時', value: formatDeskDayTime(application.cr_decided_at) });
  if (application.cr_status === 'approved' && application.company_unique_code !== null)
    facts.push({ term: '企業コード', value: application.company_unique_code });
  if (application.cr_status === 'rejected' && application.cr_reject_reason !== null) {
    const code = application.cr_reject_reason;
    facts.push({ term: '却下理由', value: reasons.find((reason) => reason.code === code)?.name ?? code });
  }
  return (
    <Section aria-labelledby={titleId}>
      <h2 id={titleId}>申請の状況</h2>
      <FactList facts={facts} />
    </Section>
  );
}
