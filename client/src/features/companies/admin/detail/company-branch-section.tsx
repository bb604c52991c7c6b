import type { CompanyDetail } from '#server/contracts/company-detail.ts';
import { FactList } from '#client/components/fact-list.tsx';
import { CompanyDetailSection } from './company-detail-section.tsx';

/** 取引店: the bank branch that looks after the company, by its number and name. */
export function CompanyBranchSection({ branch }: { branch: CompanyDetail['branch'] }) {
  return (
    <CompanyDetailSection title="取引店">
      {branch === null ? (
        <p>取引店の登録はありません。</p>
      ) : (
        <FactList
          facts={[
            { term: '店番', value: branch.bb_code },
            { term: '取引店名', value: branch.bb_name },
          ]}
        />
      )}
    </CompanyDetailSection>
  );
}
