import { useParams } from '#client/lib/router/index.ts';
import { QueryWaiting } from '#client/components/page/query-state.tsx';
import { HttpError } from '#client/lib/request/http-error.ts';
import { CompanyBranchSection } from './detail/company-branch-section.tsx';
import { CompanyChargesSection } from './detail/company-charges-section.tsx';
import { useCompanyDetail } from './detail/company-detail-query.ts';
import { CompanyProfileSection } from './detail/company-profile-section.tsx';
import { CompanyStatusSection } from './detail/company-status-section.tsx';
import { CompanySubPageLinks } from './detail/company-sub-page-links.tsx';
import { CompanyUnsubscriptionSection } from './detail/company-unsubscription-section.tsx';
import { CompanyUsersSection } from './detail/company-users-section.tsx';

/** A company's code as the server writes it (at most 32 letters, digits, - or _); anything else is no company. */
function companyCodeOf(text: string | undefined): string | undefined {
  return text !== undefined && /^[A-Za-z0-9_-]{1,32}$/.test(text) ? text : undefined;
}

/**
 * /admin/company/detail/{id}: one company on the bank's desk ({id} its company_unique_code): its
 * profile, branch, status, users, charges and reserved leaving, with links to its other pages that
 * exist. Branch staff open only the companies of their branches; any other company, like another
 * bank's, is the 404 page. Another failure says so in place.
 */
export function CompanyDetailPage() {
  const code = companyCodeOf(useParams().id);
  if (code === undefined) throw new HttpError(404);
  return <LoadedCompany key={code} code={code} />;
}

function LoadedCompany({ code }: { code: string }) {
  const { data, isError } = useCompanyDetail(code);
  // A reload that fails after a change keeps the company on screen.
  if (data === undefined) return <QueryWaiting isError={isError} />;
  const companyUniqueCode = data.profile.company_unique_code;
  return (
    <>
      <CompanySubPageLinks companyUniqueCode={companyUniqueCode} />
      <CompanyProfileSection profile={data.profile} />
      <CompanyBranchSection branch={data.branch} />
      <CompanyStatusSection status={data.status} />
      <CompanyUsersSection users={data.users} />
      <CompanyChargesSection
        companyUniqueCode={companyUniqueCode}
        charges={data.charges}
        card={data.payment_card}
      />
      <CompanyUnsubscriptionSection
        companyUniqueCode={companyUniqueCode}
        status={data.status}
        unsubscription={data.unsubscription}
      />
    </>
  );
}
