import { useCallback, useState } from 'react';
import { Link, useSearchParams } from '#client/lib/router/index.ts';
import { FactList } from '#client/components/fact-list.tsx';
import { CHARGE_MESSAGES, type ChargeItem } from '#server/contracts/company-charges.ts';
import { PageNotice } from '#client/components/page/page-text.ts';
import { ChargeCompanyPicker } from './charge/charge-company-picker.tsx';
import { type CompanyCharges, useCompanyCharges } from './charge/company-charge-calls.ts';
import { formatMonth } from '#server/contracts/charge-format.ts';
import { chargeEntryName } from './charge/company-charge-display.ts';
import { CompanyChargeForm } from './charge/company-charge-form.tsx';
import { CompanyChargeTable } from './charge/company-charge-table.tsx';
import { companyDetailPath } from './company-desk-paths.ts';
import { CompanyDetailSection } from './detail/company-detail-section.tsx';

/** The URL's name for the chosen company (the company page links here with it). */
const COMPANY_PARAM = 'company';

/** A company's code as the server writes it (at most 32 letters, digits, - or _); anything else is none. */
function companyCodeOf(text: string | null): string | undefined {
  return text !== null && /^[A-Za-z0-9_-]{1,32}$/.test(text) ? text : undefined;
}

/**
 * /admin/company/charge (system and bank admins: the route rule company_admin_desk): a company's
 * monthly charges. The company is chosen by a lookup or arrives in the URL (`?company=<code>`, from
 * the company's page), so a reload keeps it; then its entries of the last 12 months, newest first,
 * and the form that adds an entry or edits the one chosen, saved with the staff member's password.
 */
export function CompanyChargePage() {
  const [params, setParams] = useSearchParams();
  const code = companyCodeOf(params.get(COMPANY_PARAM));
  const { data, isError, isPending } = useCompanyCharges(code ?? '', { enabled: code !== undefined });
  const choose = (next: string | undefined) => setParams(next ? { [COMPANY_PARAM]: next } : {});
  const chosen = data?.company.company_unique_code === code ? data?.company : undefined;

  return (
    <>
      <ChargeCompanyPicker chosen={chosen} onChoose={choose} />
      {code === undefined && <PageNotice>利用料を表示する企業を選んでください。</PageNotice>}
      {code !== undefined && isPending && <PageNotice role="status">読み込み中</PageNotice>}
      {code !== undefined && isError && (
        <PageNotice role="alert" $error>
          {CHARGE_MESSAGES.loadFailed}
        </PageNotice>
      )}
      {chosen && data && <CompanyChargeDesk key={chosen.company_unique_code} charges={data} />}
    </>
  );
}

/** The chosen company's entries and the entry form; 編集 puts an entry into the form. */
function CompanyChargeDesk({ charges }: { charges: CompanyCharges }) {
  const { company } = charges;
  const [editing, setEditing] = useState<ChargeItem | undefined>();
  // Each new entry starts a fresh form: the count keys it.
  const [fresh, setFresh] = useState(0);
  const edit = useCallback((charge: ChargeItem) => setEditing(charge), []);
  const done = () => {
    setEditing(undefined);
    setFresh((count) => count + 1);
  };

  return (
    <>
      <CompanyDetailSection title={`${company.company_name}の利用料`}>
        <FactList
          facts={[
            { term: '企業コード', value: company.company_unique_code },
            { term: 'お取引店', value: company.bb_name ?? '—' },
            { term: '表示する月', value: `${formatMonth(charges.from_month)}以降` },
          ]}
        />
        <p>
          <Link to={companyDetailPath(company.company_unique_code)}>企業の詳細へ</Link>
        </p>
        <CompanyChargeTable charges={charges.charges} editingId={editing?.charge_id} onEdit={edit} />
      </CompanyDetailSection>
      <CompanyDetailSection title={editing ? `明細の編集（${chargeEntryName(editing)}）` : '明細の追加'}>
        <CompanyChargeForm
          key={editing ? `edit-${editing.charge_id}` : `new-${fresh}`}
          company={company}
          charge={editing}
          onDone={done}
        />
      </CompanyDetailSection>
    </>
  );
}
