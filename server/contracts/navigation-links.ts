/**
 * The links of the navigation outside the menus (menu-data.ts): the dashboards' shortcuts, the
 * badges' and counts' pages and the admin footer's partner form. All of them, with the menus', are
 * navigation-link-list.ts's navigationLinks(), which the build reads.
 */

/** A link the navigation shows with its label. */
export interface NavigationLink {
  readonly label: string;
  readonly to: string;
}

/** The company dashboard's shortcuts (spec section 2), each shown once its page exists and the user may open it. */
export const COMPANY_EVERYDAY_SHORTCUTS: readonly NavigationLink[] = [
  { label: 'ニュース', to: '/mypage/news' },
  { label: '銀行とのチャット', to: '/mypage/bachat' },
  { label: 'ニーズを探す', to: '/mypage/matching/search' },
  { label: '補助金・助成金を探す', to: '/mypage/subsidy/search' },
  { label: 'セミナー', to: '/mypage/seminar' },
  { label: 'プロフィール', to: '/mypage/setting/profile' },
];

/** The owners' management shortcuts on the company dashboard. */
export const COMPANY_MANAGEMENT_SHORTCUTS: readonly NavigationLink[] = [
  { label: '企業情報', to: '/mypage/company/edit' },
  { label: 'アカウント管理', to: '/mypage/setting/account' },
  { label: '自社ニーズの登録', to: '/mypage/mybusiness/needs/create' },
  { label: 'ご利用明細', to: '/mypage/setting/invoice' },
];

/** The admin dashboard's shortcuts (admin spec section 2). */
export const ADMIN_SHORTCUTS: readonly NavigationLink[] = [
  { label: '企業一覧', to: '/admin/company' },
  { label: '企業登録申請', to: '/admin/companyregister' },
  { label: 'お問い合わせ', to: '/admin/inquiry' },
  { label: 'ニュース', to: '/admin/news' },
  { label: 'ユーザー一覧（切り替えてログイン）', to: '/admin/company/user' },
  { label: 'ニュースレター', to: '/admin/newsletter' },
];

/** The pages the admin top bar's badges and the admin dashboard's counts lead to (admin spec section 2). */
export const ADMIN_BADGE_PATHS = {
  unapprovedChat: '/admin/chatlog',
  noReplyChat: '/admin/bachat/noreply',
  closedInquiry: '/admin/inquiry',
} as const;

/** The partner form's page (admin spec section 2, the admin footer's パートナーフォーム). */
export const PARTNER_FORM_PATH = '/admin/partnerform';
