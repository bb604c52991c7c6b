import type { MenuIconName, MenuItem } from './menu-item.ts';

/**
 * The menus as data (platform spec sections 2 and 3; admin spec sections 2 and 3): the company
 * area's side navigation, the phone bottom bar, the mobile-app footer and the admin side menu. The
 * rules that filter them for a user are in menu.ts; an entry shows only when its page exists
 * (page-table.ts).
 */

// Routes are the spec's; where it names a feature but not its path (open
// innovation, the invoice service's exit, the business-succession tools) the path is chosen here in
// the same style. Titles are the portal's Japanese labels.

const icon = (name: MenuIconName) => ({ default: name, selected: name });

const NEWS_AND_MATCHING_BADGE_TYPES = ['company_owner', 'company_user', 'partner_company_owner'] as const;
const OWNER_TYPES = ['company_owner', 'partner_company_owner'] as const;

const MATCHING_SEARCH_PERMISSIONS = [
  'company_setting_matching_write',
  'company_setting_company_write',
  'company_matching_read',
] as const;

/** The company area's side navigation (platform spec section 2, Navigation). */
export const COMPANY_MENU: readonly MenuItem[] = [
  {
    title: 'スタート',
    icon: icon('home'),
    sub: [
      { title: 'ダッシュボード', link: '/mypage/dashboard' },
      {
        title: 'ニュース',
        link: '/mypage/news',
        related_path: ['/mypage/cmc', '/news'],
        permissions: ['company_news_read'],
        badge: {
          kind: 'unread',
          counter: 'unreadNews',
          user_type: [...NEWS_AND_MATCHING_BADGE_TYPES],
          emphasis_user_type: [...OWNER_TYPES],
        },
      },
      { title: 'コラム', link: '/mypage/column', permissions: ['company_column_read'] },
      { title: 'セミナー', link: '/mypage/seminar', permissions: ['company_seminar_read'] },
      {
        title: 'チャット',
        link: '/chat',
        permissions: ['company_chat_read'],
        when: ['chat_enabled'],
        badge: { kind: 'unread', counter: 'unreadChat' },
      },
      {
        title: '銀行とのチャット',
        link: '/mypage/bachat',
        permissions: ['company_bachat_read'],
        badge: { kind: 'unread', counter: 'unreadBachatRooms' },
      },
      { title: '安否確認', link: '/mypage/sc', permissions: ['company_survey_read'] },
      {
        title: '補助金・助成金を探す',
        link: '/mypage/subsidy/search',
        permissions: ['company_subsidy_read'],
      },
      {
        title: '補助金申請サポート',
        link: '/mypage/subsidy/applysupport',
        appConfigRequired: ['enable_subsidy_support'],
        user_type: [...NEWS_AND_MATCHING_BADGE_TYPES],
      },
      {
        title: '経営者フォーラム',
        link: '/mypage/forum',
        appConfigRequired: ['enable_forum'],
        user_type: [...OWNER_TYPES],
      },
      {
        title: 'サポート資料',
        link: '/mypage/support/document',
        permissions: ['company_support_document_read'],
      },
      { title: '操作マニュアル', link: '/mypage/support/manual' },
      { title: 'ヘルプ', link: '/mypage/help', target: '_blank' },
    ],
  },
  {
    title: 'ビジネスマッチング',
    icon: icon('matching'),
    sub: [
      {
        title: 'ニーズを探す',
        link: '/mypage/matching/search',
        related_path: ['/mypage/matching/company'],
        permissions: [...MATCHING_SEARCH_PERMISSIONS],
      },
      { title: '商談依頼履歴', link: '/mypage/matching/history', permissions: ['company_matching_read'] },
      {
        title: '商談管理',
        link: '/mypage/matching/received_history',
        permissions: ['company_matching_read'],
        badge: {
          kind: 'unread',
          counter: 'unrepliedMatching',
          user_type: [...NEWS_AND_MATCHING_BADGE_TYPES],
        },
      },
      { title: 'お気に入りニーズ', link: '/mypage/matching/favca', permissions: ['company_matching_read'] },
      { title: 'キャンペーン', link: '/mypage/matching/campaign', permissions: ['company_matching_read'] },
      {
        title: 'マッチングエージェント',
        link: '/mypage/matching/agent',
        permissions: ['company_matching_read'],
      },
      {
        title: '自社ニーズ',
        link: '/mypage/mybusiness/needs',
        permissions: ['company_matching_write'],
      },
      {
        title: '自社情報の編集',
        link: '/mypage/mybusiness/edit',
        permissions: ['company_setting_company_write'],
      },
    ],
  },
  {
    title: '福利厚生',
    icon: icon('benefits'),
    sub: [
      {
        title: '福利厚生サービス',
        link: '/fukuri',
        target: '_blank',
        permissions: ['company_coupon_read'],
      },
    ],
  },
  {
    title: 'オープンイノベーション',
    icon: icon('innovation'),
    appConfigRequired: ['enable_icnext'],
    sub: [{ title: 'オープンイノベーション', link: '/mypage/innovation' }],
  },
  {
    title: 'クラウドファンディング',
    icon: icon('crowdfunding'),
    appConfigRequired: ['enable_campfire'],
    badge: { kind: 'new', feature: 'crowdfunding' },
    sub: [
      {
        title: 'プロジェクト一覧',
        link: '/mypage/crowdfunding/campfire/list',
        permissions: ['company_campfire_list_read'],
      },
      {
        title: '全国のプロジェクト',
        link: '/mypage/crowdfunding/campfire/all/list',
        permissions: ['company_campfire_list_read'],
      },
      {
        title: '地域のプロジェクト',
        link: '/mypage/crowdfunding/campfire/bank/list',
        permissions: ['company_campfire_list_read'],
      },
    ],
  },
  {
    title: '請求書サービス',
    icon: icon('invoice'),
    appConfigRequired: ['enable_payment'],
    badge: { kind: 'new', feature: 'invoice' },
    // /invoice is the gateway's exit to the bank's invoice service (invoice_url with bank_code),
    // as /fukuri is for the welfare-benefits site.
    sub: [{ title: '請求書サービスを開く', link: '/invoice', target: '_blank' }],
  },
  {
    title: '勤怠サービス',
    icon: icon('attendance'),
    appConfigRequired: ['enable_attendance'],
    badge: { kind: 'new', feature: 'attendance' },
    sub: [
      { title: '勤怠管理', link: '/mypage/chanto-attendance', user_type: [...OWNER_TYPES] },
      {
        title: '利用登録',
        link: '/mypage/chanto-attendance/registration',
        user_type: [...OWNER_TYPES],
      },
      {
        title: '利用申請',
        link: '/mypage/chanto-attendance/application',
        user_type: ['company_user', 'company_employee'],
      },
    ],
  },
  {
    title: '事業承継',
    icon: icon('succession'),
    appConfigRequired: ['enable_business_succession'],
    badge: { kind: 'new', feature: 'business_succession' },
    sub: [
      {
        title: '事業承継の相談',
        link: '/mypage/succession',
        related_path: ['/mypage/succession/completed'],
        permissions: ['company_succession_write'],
      },
      { title: '事業承継コラム', link: '/mypage/succession/column' },
      { title: 'よくあるご質問（承継パターン）', link: '/mypage/succession/faq' },
      { title: '自社株評価額の試算', link: '/mypage/succession/calculation/stock' },
      { title: '相続税額の試算', link: '/mypage/succession/calculation/tax' },
    ],
  },
  {
    title: '提携銀行',
    icon: icon('bank'),
    sub: [{ title: '提携銀行一覧', link: '/mypage/babank', permissions: ['company_babank_read'] }],
  },
  {
    title: '設定',
    icon: icon('settings'),
    sub: [
      { title: 'プロフィール', link: '/mypage/setting/profile' },
      { title: 'パスワード変更', link: '/mypage/setting/password' },
      { title: '企業情報', link: '/mypage/company/edit', permissions: ['company_setting_company_write'] },
      {
        title: 'アカウント管理',
        link: '/mypage/setting/account',
        permissions: ['company_setting_account_write'],
      },
      {
        title: 'ビジネスユーザー管理',
        link: '/mypage/setting/account/businessuser',
        when: ['business_user_setting'],
      },
      {
        title: 'ホームページ管理',
        link: '/mypage/setting/website',
        permissions: ['company_setting_website_write'],
      },
      {
        title: 'ニーズ通知設定',
        link: '/mypage/setting/matching/search',
        permissions: ['company_setting_matching_write'],
      },
      {
        title: 'クーポン登録',
        link: '/mypage/setting/service/offer',
        permissions: ['company_setting_coupon_write'],
      },
      {
        title: 'パートナー情報',
        link: '/mypage/setting/information',
        company_type: ['partner'],
        permissions: ['company_setting_partner_information_write'],
      },
      {
        title: 'チャット定型文',
        link: '/mypage/setting/chat_remark_template',
        permissions: ['company_chat_read'],
        when: ['chat_enabled'],
      },
      {
        title: 'ご利用明細',
        link: '/mypage/setting/invoice',
        appConfigRequired: ['available_invoice'],
        user_type: ['company_owner', 'company_user'],
        company_type: ['!partner'],
      },
      {
        title: 'お支払い方法',
        link: '/mypage/payment/card/create',
        appConfigRequired: ['enable_credit_card_registration'],
        permissions: ['company_setting_payment_write'],
      },
      {
        title: '退会',
        link: '/mypage/setting/unsubscribe',
        appConfigRequired: ['enable_unsubscribe_route'],
        permissions: ['company_setting_account_write'],
      },
    ],
  },
];

/**
 * The phone bottom bar (spec section 2): スタート, マッチング (hidden for company_employee),
 * チャット, 福利厚生, サービス (opens the whole navigation). 福利厚生 shows to everyone: without
 * company_setting_coupon_write its tap runs the alternative action instead (spec section 6).
 */
export const PHONE_BOTTOM_BAR_MENU: readonly MenuItem[] = [
  { title: 'スタート', link: '/mypage/dashboard', icon: icon('home') },
  {
    title: 'マッチング',
    link: '/mypage/matching/search',
    path: '/mypage/matching',
    icon: icon('matching'),
    user_type_exclude: ['company_employee'],
    badge: { kind: 'unread', counter: 'unrepliedMatching', user_type: [...NEWS_AND_MATCHING_BADGE_TYPES] },
  },
  {
    title: 'チャット',
    link: '/chat',
    icon: icon('chat'),
    when: ['chat_enabled'],
    badge: { kind: 'unread', counter: 'unreadChat' },
  },
  { title: '福利厚生', link: '/fukuri', target: '_blank', icon: icon('benefits') },
  { title: 'サービス', icon: icon('services'), action: 'open_navigation' },
];

/** The mobile-app wrapper's footer menu, shown up to 480 px wide (spec section 2). */
export const MOBILE_APP_FOOTER_MENU: readonly MenuItem[] = [
  { title: 'ホーム', link: '/mypage/dashboard', icon: icon('home') },
  {
    title: 'ニュース',
    link: '/mypage/news',
    icon: icon('news'),
    permissions: ['company_news_read'],
    badge: { kind: 'unread', counter: 'unreadNews', user_type: [...NEWS_AND_MATCHING_BADGE_TYPES] },
  },
  {
    title: 'チャット',
    link: '/chat',
    icon: icon('chat'),
    permissions: ['company_chat_read'],
    when: ['chat_enabled'],
    badge: { kind: 'unread', counter: 'unreadChat' },
  },
  {
    title: '銀行チャット',
    link: '/mypage/bachat',
    icon: icon('bank'),
    permissions: ['company_bachat_read'],
    badge: { kind: 'unread', counter: 'unreadBachatRooms' },
  },
  { title: '設定', link: '/mypage/setting/profile', path: '/mypage/setting', icon: icon('settings') },
];

const ADMINS = ['system_admin', 'bank_admin'] as const;

/** The admin area's side menu for bank staff (admin spec section 2), served by the menu endpoint. */
export const ADMIN_MENU: readonly MenuItem[] = [
  { title: 'ダッシュボード', link: '/admin/dashboard', icon: icon('home') },
  {
    title: '企業管理',
    icon: icon('bank'),
    sub: [
      { title: '企業一覧', link: '/admin/company', related_path: ['/admin/company/detail'] },
      { title: '企業登録申請', link: '/admin/companyregister' },
      { title: '企業の新規作成', link: '/admin/company/create' },
      { title: '企業の一括作成', link: '/admin/company/bulk-create' },
      { title: '月額利用料', link: '/admin/company/charge' },
      {
        title: 'クレジットカード',
        link: '/admin/company/creditcard',
        appConfigRequired: ['enable_credit_card_registration'],
      },
      { title: 'ユーザー一覧', link: '/admin/company/user' },
      { title: 'パートナー企業', link: '/admin/company/partner' },
      { title: 'ニーズ一覧', link: '/admin/company/needs' },
      { title: '商談一覧', link: '/admin/company/matching' },
      { title: 'AIニーズ作成', link: '/admin/company/needs/ai' },
      { title: 'お気に入り', link: '/admin/company/favorite' },
      {
        title: 'イノベーション商談',
        link: '/admin/company/innovation',
        appConfigRequired: ['enable_icnext'],
      },
      { title: '広告', link: '/admin/company/advertisement' },
    ],
  },
  {
    title: 'コンテンツ管理',
    icon: icon('news'),
    sub: [
      { title: 'ニュース', link: '/admin/news' },
      { title: 'イベント', link: '/admin/event' },
      { title: '配布資料', link: '/admin/handout' },
      { title: 'ドキュメント', link: '/admin/document' },
      { title: 'ラベル', link: '/admin/label' },
      { title: 'ピックアップ', link: '/admin/pickup' },
      { title: 'プロモーション', link: '/admin/promotion' },
      { title: '定型文', link: '/admin/fixedphrase' },
      { title: 'ファイル申請', link: '/admin/file' },
      { title: 'サービスモール', link: '/admin/mall', appConfigRequired: ['enable_mall'] },
      {
        title: 'オープンイノベーション',
        link: '/admin/innovation',
        appConfigRequired: ['enable_icnext'],
      },
    ],
  },
  {
    title: 'ニュースレター',
    link: '/admin/newsletter',
    icon: icon('news'),
    user_type: [...ADMINS],
  },
  { title: 'お問い合わせ', link: '/admin/inquiry', icon: icon('help') },
  {
    title: '銀行とのチャット',
    icon: icon('chat'),
    sub: [
      { title: 'チャットルーム', link: '/admin/bachat' },
      { title: '未返信チャット', link: '/admin/bachat/noreply' },
      { title: 'チャット統計', link: '/admin/bachat/stats' },
      { title: '銀行間チャット', link: '/admin/bachat/interbank' },
      { title: 'サポート銀行のルーム', link: '/admin/bachat/support_bank' },
      { title: '支店のルーム', link: '/admin/bachat/bb' },
    ],
  },
  {
    title: '実績',
    icon: icon('services'),
    sub: [
      { title: '月次実績', link: '/admin/performance', related_path: ['/admin/performance/monthly'] },
      { title: '支店別実績', link: '/admin/performance/branch' },
    ],
  },
  {
    title: '連携コンテンツ',
    icon: icon('innovation'),
    sub: [
      { title: 'バナー', link: '/admin/xba/banner' },
      { title: 'コラム', link: '/admin/xba/column' },
      { title: 'セミナー', link: '/admin/xba/seminar' },
      { title: '補助金・助成金', link: '/admin/xba/subsidy' },
      { title: 'サービスオファー', link: '/admin/xba/cso' },
      { title: 'パートナー情報', link: '/admin/xba/pi' },
      { title: 'マッチング分析', link: '/admin/xba/analyse' },
    ],
  },
  {
    title: 'クラウドファンディング',
    link: '/admin/crowdfunding/campfire',
    icon: icon('crowdfunding'),
    appConfigRequired: ['enable_campfire'],
  },
  { title: 'ビジネスマッチング契約', link: '/admin/ncba/bm', icon: icon('matching') },
  {
    title: 'マッチングキャンペーン',
    link: '/admin/matching/campaign',
    icon: icon('matching'),
    user_type: [...ADMINS],
  },
  { title: 'エージェント依頼', link: '/admin/matching/agent', icon: icon('matching') },
  {
    title: 'ログ',
    icon: icon('manual'),
    sub: [
      { title: '操作履歴', link: '/admin/activity' },
      { title: 'チャットログ', link: '/admin/chatlog' },
      { title: 'Chatwork連携', link: '/admin/chatwork' },
      { title: '更新履歴', link: '/admin/changelog' },
    ],
  },
  {
    title: 'ユーザー管理',
    icon: icon('user'),
    sub: [
      { title: '管理ユーザー一覧', link: '/admin/user' },
      { title: '行内ユーザーの取込', link: '/admin/boy/intrauser/import' },
    ],
  },
  {
    title: '設定',
    icon: icon('settings'),
    sub: [
      { title: '全体設定', link: '/admin/setting/global' },
      { title: '請求書設定', link: '/admin/setting/invoice', appConfigRequired: ['available_invoice'] },
      { title: '権限設定', link: '/admin/setting/permission' },
    ],
  },
  // The two entries that leave the application (admin spec section 2).
  { title: '福利厚生サービス', link: '/fukuri', target: '_blank', icon: icon('benefits') },
  {
    title: '請求書サービス',
    link: '/invoice',
    target: '_blank',
    icon: icon('invoice'),
    appConfigRequired: ['enable_payment'],
  },
];

/**
 * `result` of GET /api/v1/menu (MENU_PATH in identity.ts): the menu of the user's side, filtered on
 * the server with filterMenu and the page rules. Kept here rather than in identity.ts, so the paths
 * of identity.ts stay light for the first visit.
 */
