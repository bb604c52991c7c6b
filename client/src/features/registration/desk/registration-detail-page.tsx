import { useState } from 'react';
import { useParams } from '#client/lib/router/index.ts';
import { REGISTRATION_VARIANTS } from '#server/contracts/registration-variants.ts';
import { PageNotice } from '#client/components/page/page-text.ts';
import { QueryWaiting } from '#client/components/page/query-state.tsx';
import { HttpError } from '#client/lib/request/http-error.ts';
import { useRegistrationDetail } from './api/registration-desk-calls.ts';
import { RegistrationDecision } from './components/registration-decision.tsx';
import { RegistrationSummary } from './components/registration-summary.tsx';
import { RegistrationUpgrade } from './components/registration-upgrade.tsx';
import { RegistrationValues } from './components/registration-values.tsx';

/** An application's number as the server writes it (R and hex digits); anything else is no application. */
function applicationCodeOf(text: string | undefined): string | undefined {
  return text !== undefined && /^[A-Za-z0-9_-]{1,32}$/.test(text) ? text : undefined;
}

/**
 * /admin/companyregister/detail/{id}: one application (system and bank admins only, as the route
 * rules say): where it stands, then what it says step by step; 承認する and 却下する while it is
 * pending. A number that is not the bank's is the 404 page; another failure says so in place.
 */
export function RegistrationDetailPage() {
  const code = applicationCodeOf(useParams().id);
  if (code === undefined) throw new HttpError(404);
  // A different application starts with no refusal on screen.
  return <LoadedRegistration key={code} code={code} />;
}

function LoadedRegistration({ code }: { code: string }) {
  const { data, isError } = useRegistrationDetail(code);
  const [refusal, setRefusal] = useState<string | null>(null);
  // A reload that fails after a decision keeps the application on screen.
  if (data === undefined) return <QueryWaiting isError={isError} />;
  return (
    <>
      {refusal && (
        <PageNotice role="alert" $error>
          {refusal}
        </PageNotice>
      )}
      <RegistrationSummary application={data} />
      {data.cr_status === 'pending' && <RegistrationDecision application={data} onRefused={setRefusal} />}
      {data.cr_status === 'approved' && REGISTRATION_VARIANTS[data.cr_variant].companyType === 'baportal' && (
        <RegistrationUpgrade code={data.cr_unique_code} companyName={data.cr_company_name} />
      )}
      <RegistrationValues application={data} />
    </>
  );
}
