import type {
  analyseActions,
  chargeStatuses,
  chatRoomTypes,
  subsidyClasses,
} from '../schema/master-lists.ts';
import type { AnalyseActionCategory } from '#server/contracts/master-list-items.ts';

type CodeListRow = typeof subsidyClasses.$inferInsert;

/** Rows of a plain code list in the order given (sort_order 1, 2, …). */
function codeList(entries: readonly [code: string, name: string][]): CodeListRow[] {
  return entries.map(([code, name], index) => ({ code, name, sort_order: index + 1 }));
}

export const subsidyClassRows = codeList([
  ['subsidy', '補助金'],
  ['grant', '助成金'],
  ['benefit', '給付金'],
  ['loan', '融資・信用保証制度'],
  ['tax', '税制優遇'],
  ['other', 'その他の支援制度'],
]);

export const unsubscribeReasonRows = codeList([
  ['no_needed_feature', '必要な機能がなかった'],
  ['hard_to_use', '操作が難しかった'],
  ['cost', '費用に見合う効果がなかった'],
  ['few_matches', '商談・マッチングの機会が少なかった'],
  ['business_closed', '廃業・休業のため'],
  ['merger', '合併・事業譲渡のため'],
  ['other_service', '他のサービスを利用するため'],
  ['other', 'その他'],
]);

export const seminarStatusRows = codeList([
  ['before_reception', '受付前'],
  ['accepting', '受付中'],
  ['full', '満席'],
  ['reception_closed', '受付終了'],
  ['finished', '開催終了'],
  ['cancelled', '中止'],
]);

export const interestingFeatureRows = codeList([
  ['matching', 'ビジネスマッチング'],
  ['business_chat', 'ビジネスチャット'],
  ['welfare', '福利厚生'],
  ['subsidy', '補助金・助成金'],
  ['business_succession', '事業承継'],
  ['invoice', '請求書発行・決済'],
  ['attendance', '勤怠管理'],
  ['crowdfunding', 'クラウドファンディング'],
  ['seminar', 'セミナー・イベント'],
  ['website', 'ホームページ作成'],
  ['recruitment', '人材採用'],
  ['open_innovation', 'オープンイノベーション'],
  ['safety_confirmation', '安否確認'],
]);

export const newsCategoryRows = codeList([
  ['notice', 'お知らせ'],
  ['important', '重要なお知らせ'],
  ['new_feature', '新機能'],
  ['maintenance', 'メンテナンス'],
  ['bank', '銀行からのお知らせ'],
  ['seminar', 'セミナー・イベント'],
  ['subsidy', '補助金・助成金'],
  ['campaign', 'キャンペーン'],
]);

/** Registration applications go from pending to approved or rejected (admin spec section 4). */
export const companyRegisterStatusRows = codeList([
  ['pending', '承認待ち'],
  ['approved', '承認済み'],
  ['rejected', '却下'],
]);

/** Reasons an admin records when rejecting a registration application. */
export const companyRegisterReasonRows = codeList([
  ['identification_incomplete', '本人確認書類に不備があります'],
  ['information_mismatch', '登録内容と確認書類の内容が一致しません'],
  ['no_transaction', '当行とのお取引を確認できませんでした'],
  ['already_registered', 'すでにご登録済みの企業です'],
  ['out_of_area', '当行の営業エリア外です'],
  ['criteria_not_met', '当行の審査基準を満たしていません'],
  ['other', 'その他'],
]);

export const activityTypeRows = codeList([
  ['visit', '訪問'],
  ['phone', '電話'],
  ['email', 'メール'],
  ['online_meeting', 'オンライン面談'],
  ['chat', 'チャット'],
  ['proposal', '提案'],
  ['seminar', 'セミナー・イベント'],
  ['other', 'その他'],
]);

export const documentCategoryRows = codeList([
  ['manual', '操作マニュアル'],
  ['application_form', '申込書・届出書'],
  ['terms', '規約・ポリシー'],
  ['brochure', 'パンフレット・チラシ'],
  ['video', '操作動画'],
  ['faq', 'よくあるご質問'],
  ['other', 'その他'],
]);

export const companyStatusRows = codeList([
  ['active', '利用中'],
  ['suspended', '利用停止中'],
  ['unsubscribe_reserved', '退会予約中'],
  ['unsubscribed', '退会済み'],
]);

export const couponCategoryRows = codeList([
  ['gourmet', 'グルメ'],
  ['travel', '旅行・宿泊'],
  ['beauty_health', '美容・健康'],
  ['living', '暮らし・住まい'],
  ['business', 'ビジネスサービス'],
  ['education', '教育・研修'],
  ['leisure', 'レジャー・エンタメ'],
  ['shopping', 'ショッピング'],
  ['other', 'その他'],
]);

/** Review of a coupon (the approval half of the partner-ad states of admin spec section 4). */
export const couponStatusRows = codeList([
  ['REVIEWING', '審査中'],
  ['APPROVED', '承認済み'],
  ['DISAPPROVAL', '否認'],
  ['CANCELLED', '取消'],
]);

/** Publication of a coupon (the publishing half of the partner-ad states). */
export const couponPublishStatusRows = codeList([
  ['BEFORE_PUBLISHING', '公開前'],
  ['PUBLISHING', '公開中'],
  ['AFTER_PUBLISHING', '公開終了'],
]);

/** Partner information follows the partner-ad states of admin spec section 4 as they are. */
export const partnerInformationStatusRows = codeList([
  ['REVIEWING', '審査中'],
  ['BEFORE_PUBLISHING', '公開前'],
  ['PUBLISHING', '公開中'],
  ['AFTER_PUBLISHING', '公開終了'],
  ['DISAPPROVAL', '否認'],
  ['CANCELLED', '取消'],
]);

export const innovationHistoryStatusRows = codeList([
  ['applied', '応募済み'],
  ['screening', '書類選考中'],
  ['arranging_meeting', '面談調整中'],
  ['met', '面談済み'],
  ['considering', '協業検討中'],
  ['agreed', '協業決定'],
  ['declined', '見送り'],
]);

export const dealStatusRows = codeList([
  ['requested', '商談依頼中'],
  ['replied', '返信済み'],
  ['negotiating', '商談中'],
  ['contracted', '成約'],
  ['not_contracted', '不成立'],
  ['declined', '辞退'],
  ['withdrawn', '取り下げ'],
]);

export const dealRequestTypeRows = codeList([
  ['deal', '商談依頼'],
  ['document', '資料請求'],
  ['estimate', '見積依頼'],
  ['meeting', '面談依頼'],
  ['inquiry', 'お問い合わせ'],
]);

export const eventCodeRows = codeList([
  ['login', 'ログイン'],
  ['logout', 'ログアウト'],
  ['user_switch', '代理ログイン'],
  ['password_change', 'パスワード変更'],
  ['company_register', '企業登録申請'],
  ['company_register_approve', '企業登録承認'],
  ['company_register_reject', '企業登録却下'],
  ['company_unsubscribe', '退会予約'],
  ['need_create', 'ニーズ登録'],
  ['deal_request', '商談依頼'],
  ['chat_start', 'チャット開始'],
  ['coupon_create', 'クーポン登録'],
  ['news_read', 'ニュース閲覧'],
  ['seminar_apply', 'セミナー申込'],
]);

/** Charge statuses with the colour they are shown in; closed ones need no further action. */
export const chargeStatusRows = [
  { code: 'unbilled', name: '未請求', color: '#757575', is_closed: false },
  { code: 'billed', name: '請求済み', color: '#1565C0', is_closed: false },
  { code: 'unpaid', name: '未入金', color: '#C62828', is_closed: false },
  { code: 'paid', name: '入金済み', color: '#2E7D32', is_closed: true },
  { code: 'waived', name: '請求免除', color: '#6D4C41', is_closed: true },
  { code: 'cancelled', name: '取消', color: '#424242', is_closed: true },
].map((row, index) => ({ ...row, sort_order: index + 1 })) satisfies (typeof chargeStatuses.$inferInsert)[];

/**
 * Business-chat room types. Hidden rooms never appear in the room list; rooms that need approval
 * wait for the other company to accept; built-in rooms are created for every company by
 * /api/v1/chat/init_builtin_chat_rooms.
 */
export const chatRoomTypeRows = [
  { code: 'company', name: '企業間チャット', is_hidden: false, requires_approval: true, is_builtin: false },
  { code: 'group', name: 'グループチャット', is_hidden: false, requires_approval: true, is_builtin: false },
  { code: 'deal', name: '商談チャット', is_hidden: false, requires_approval: false, is_builtin: false },
  { code: 'in_company', name: '社内チャット', is_hidden: false, requires_approval: false, is_builtin: true },
  {
    code: 'bank_contact',
    name: '銀行担当者チャット',
    is_hidden: false,
    requires_approval: false,
    is_builtin: true,
  },
  {
    code: 'system_notice',
    name: 'システム通知',
    is_hidden: true,
    requires_approval: false,
    is_builtin: true,
  },
].map((row, index) => ({ ...row, sort_order: index + 1 })) satisfies (typeof chatRoomTypes.$inferInsert)[];

/** Actions counted by the usage analytics (GET /api/v1/master/analyse_action?category=matching). */
export const analyseActionRows = (
  [
    ['matching', 'matching_search', 'ニーズ検索'],
    ['matching', 'need_view', 'ニーズ詳細の閲覧'],
    ['matching', 'need_favorite', 'ニーズのお気に入り登録'],
    ['matching', 'company_page_view', '企業ページの閲覧'],
    ['matching', 'deal_request', '商談依頼'],
    ['matching', 'deal_reply', '商談への返信'],
    ['matching', 'deal_contract', '成約'],
    ['news', 'news_view', 'ニュースの閲覧'],
    ['seminar', 'seminar_view', 'セミナー詳細の閲覧'],
    ['seminar', 'seminar_apply', 'セミナーへの申込'],
    ['chat', 'chat_message_send', 'チャットメッセージの送信'],
    ['coupon', 'coupon_view', 'クーポンの閲覧'],
    ['coupon', 'coupon_use', 'クーポンの利用'],
  ] as const satisfies readonly [AnalyseActionCategory, string, string][]
).map(([category, code, name], index) => ({
  category,
  code,
  name,
  sort_order: index + 1,
})) satisfies (typeof analyseActions.$inferInsert)[];
