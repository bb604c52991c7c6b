import type { CompanyStatus } from '#server/contracts/company-detail.ts';
import { FactList } from '#client/components/fact-list.tsx';
import { CompanyDetailSection } from './company-detail-section.tsx';
import { CompanyStatusTag } from './company-status-tag.tsx';

/** 状態: where the company stands (in use, suspended, leaving, left). */
export function CompanyStatusSection({ status }: { status: CompanyStatus }) {
  return (
    <CompanyDetailSection title="状態">
      <FactList facts={[{ term: '利用状況', value: <CompanyStatusTag status={status} /> }]} />
    </CompanyDetailSection>
  );
}
