import { useQueryClient } from '@tanstack/react-query';
import { isAdmin } from '#server/contracts/account-types.ts';
import type { CompanyDetail } from '#server/contracts/company-detail.ts';
import { type Fact, FactList } from '#client/components/fact-list.tsx';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { UnsubscriptionPanel } from '../components/unsubscription-panel.tsx';
import { reloadCompanyDetail } from './company-detail-query.ts';
import { dayOrNone, dayTimeOrNone, textOrNone } from './company-detail-display.ts';
import { CompanyDetailSection } from './company-detail-section.tsx';

type Unsubscription = NonNullable<CompanyDetail['unsubscription']>;

function factsOf(unsubscription: Unsubscription): Fact[] {
  const facts: Fact[] = [
    { term: '退会理由', value: unsubscription.reason_name },
    { term: '備考', value: textOrNone(unsubscription.note) },
    { term: '退会日', value: dayOrNone(unsubscription.leaves_on) },
    { term: '予約日時', value: dayTimeOrNone(unsubscription.requested_at) },
    { term: '予約者', value: textOrNone(unsubscription.requested_by_name) },
  ];
  if (unsubscription.carried_out_at !== null)
    facts.push({ term: '退会処理日時', value: dayTimeOrNone(unsubscription.carried_out_at) });
  return facts;
}

/**
 * 退会予約: the reserved leaving (why, when, who reserved it, and when it was carried out), and for
 * system and bank admins the panel that reserves or cancels it while the company has not left.
 */
export function CompanyUnsubscriptionSection({
  companyUniqueCode,
  status,
  unsubscription,
}: {
  companyUniqueCode: string;
  status: CompanyDetail['status'];
  unsubscription: CompanyDetail['unsubscription'];
}) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const standing = unsubscription !== null && unsubscription.carried_out_at === null ? unsubscription : null;
  return (
    <CompanyDetailSection title="退会予約">
      {unsubscription === null ? <p>退会予約はありません。</p> : <FactList facts={factsOf(unsubscription)} />}
      {isAdmin(user?.user_type) && status !== 'unsubscribed' && (
        <UnsubscriptionPanel
          companyUniqueCode={companyUniqueCode}
          reservation={
            standing && {
              leaves_on: standing.leaves_on,
              reason_code: standing.reason_code,
              note: standing.note,
            }
          }
          status={status}
          onChanged={() => void reloadCompanyDetail(queryClient, companyUniqueCode)}
        />
      )}
    </CompanyDetailSection>
  );
}
