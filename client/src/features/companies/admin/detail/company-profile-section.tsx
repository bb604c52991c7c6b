import type { CompanyDetail } from '#server/contracts/company-detail.ts';
import { ExternalLink } from '#client/components/external-link.tsx';
import { type Fact, FactList } from '#client/components/fact-list.tsx';
import { useMasterList } from '#client/lib/master-data.ts';
import { dayOrNone, dayTimeOrNone, NO_VALUE, textOrNone } from './company-detail-display.ts';
import { CompanyDetailSection } from './company-detail-section.tsx';

type Profile = CompanyDetail['profile'];

/** 〒100-1001 長崎県中央区本町1丁目2-3 (the parts it has). */
function addressOf(profile: Profile): string {
  const place = [
    profile.prefecture_name,
    profile.company_address1,
    profile.company_address2,
    profile.company_address3,
  ]
    .filter((part) => part !== null && part !== '')
    .join('');
  const address = [profile.company_post_code ? `〒${profile.company_post_code}` : '', place]
    .filter((part) => part !== '')
    .join(' ');
  return address === '' ? NO_VALUE : address;
}

/** 製造業 / 生産用機械器具製造業 (the classes it has). */
function industryOf(profile: Profile): string {
  const names = [profile.industry_major_name, profile.industry_middle_name].filter((name) => name !== null);
  return names.length === 0 ? NO_VALUE : names.join(' / ');
}

/** A website the company gave: a link when it is a web address, else its text. */
function Website({ url }: { url: string | null }) {
  if (url === null || url === '') return NO_VALUE;
  return /^https?:\/\//i.test(url) ? <ExternalLink href={url}>{url}</ExternalLink> : url;
}

const onOff = (on: boolean) => (on ? '利用する' : '利用しない');

/** 企業情報: who the company is, where, what it does, and when it was registered and last used. */
export function CompanyProfileSection({ profile }: { profile: Profile }) {
  const companyTypes = useMasterList('company_types');
  const facts: Fact[] = [
    { term: '企業コード', value: profile.company_unique_code },
    { term: '企業名', value: profile.company_name },
    { term: '企業名（カナ）', value: textOrNone(profile.company_name_kana) },
    {
      term: '企業種別',
      value: companyTypes.find((type) => type.code === profile.company_type)?.name ?? profile.company_type,
    },
    { term: '法人番号', value: textOrNone(profile.company_corporate_number) },
    { term: '代表者名', value: textOrNone(profile.company_representative_name) },
    { term: '所在地', value: addressOf(profile) },
    { term: '電話番号', value: textOrNone(profile.company_tel) },
    { term: 'ホームページ', value: <Website url={profile.company_website_url} /> },
    { term: '業種', value: industryOf(profile) },
    { term: '設立日', value: dayOrNone(profile.company_established_on) },
    {
      term: '決算月',
      value:
        profile.company_account_closing_month === null
          ? NO_VALUE
          : `${profile.company_account_closing_month}月`,
    },
    {
      term: '従業員数',
      value: profile.company_employee_count === null ? NO_VALUE : `${profile.company_employee_count}名`,
    },
    { term: 'ビジネスアシスト', value: onOff(profile.company_enable_ba) },
    { term: 'ビジネスアシストポータル', value: onOff(profile.company_enable_baportal) },
    { term: '登録日時', value: dayTimeOrNone(profile.company_created_at) },
    { term: '更新日時', value: dayTimeOrNone(profile.company_updated_at) },
    { term: '最終利用日時', value: dayTimeOrNone(profile.company_last_used_at) },
  ];
  return (
    <CompanyDetailSection title="企業情報">
      <FactList facts={facts} />
    </CompanyDetailSection>
  );
}
