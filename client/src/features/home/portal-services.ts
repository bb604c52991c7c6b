import type { PublicAppConfig } from '#server/contracts/app-config.ts';

export type PortalServiceIcon =
  | 'news'
  | 'seminar'
  | 'matching'
  | 'bankChat'
  | 'businessChat'
  | 'benefits'
  | 'subsidy'
  | 'succession'
  | 'invoice'
  | 'crowdfunding'
  | 'forum';

export interface PortalService {
  icon: PortalServiceIcon;
  title: string;
  description: string;
}

interface PortalServiceEntry {
  icon: PortalServiceIcon;
  title: (bankName: string) => string;
  description: (bankName: string) => string;
  /** The feature flag that must be on for the bank to offer the service; none: every bank offers it. */
  featureFlag?: string;
}

const PORTAL_SERVICES: readonly PortalServiceEntry[] = [
  {
    icon: 'news',
    title: () => 'ニュース・コラム',
    description: (bankName) => `${bankName}からのお知らせや、経営に役立つコラムをお届けします。`,
  },
  {
    icon: 'seminar',
    title: () => 'セミナー',
    description: () => '経営や事業に役立つセミナーの情報をご覧いただき、お申し込みいただけます。',
  },
  {
    icon: 'matching',
    title: () => 'ビジネスマッチング',
    description: () =>
      '「売りたい」「買いたい」などのニーズを登録し、新たな取引先や協業先との出会いを広げます。',
  },
  {
    icon: 'bankChat',
    title: (bankName) => `${bankName}とのチャット`,
    description: () => 'ご相談やお問い合わせを、担当者へチャットで気軽にお送りいただけます。',
  },
  {
    icon: 'businessChat',
    title: () => 'ビジネスチャット',
    description: () => '取引先や社内のメンバーと、安心してメッセージをやりとりできます。',
  },
  {
    icon: 'benefits',
    title: () => '福利厚生',
    description: () => '従業員の皆さまにご利用いただける優待サービスやクーポンをご用意しています。',
  },
  {
    icon: 'subsidy',
    title: () => '補助金・助成金',
    description: () => '事業に活用できる補助金・助成金を探し、申請のサポートを受けられます。',
    featureFlag: 'enable_subsidy_support',
  },
  {
    icon: 'succession',
    title: () => '事業承継',
    description: () => '事業承継のコラムや、株価・相続税の概算を試算できるツールをご利用いただけます。',
    featureFlag: 'enable_business_succession',
  },
  {
    icon: 'invoice',
    title: () => '請求書サービス',
    description: () => '請求書の発行や受け取り、お支払いの管理をオンラインで行えます。',
    featureFlag: 'available_invoice',
  },
  {
    icon: 'crowdfunding',
    title: () => 'クラウドファンディング',
    description: () => '地域の事業者が挑戦するクラウドファンディングのプロジェクトをご覧いただけます。',
    featureFlag: 'enable_campfire',
  },
  {
    icon: 'forum',
    title: () => '経営相談フォーラム',
    description: () => '経営の悩みや疑問を投稿し、ほかの経営者と情報を交換できます。',
    featureFlag: 'enable_forum',
  },
];

/** The services this bank's portal offers, in the order the top page introduces them. */
export function portalServicesOf(config: Pick<PublicAppConfig, 'bank' | 'features'>): PortalService[] {
  return PORTAL_SERVICES.filter(
    (entry) => !entry.featureFlag || config.features[entry.featureFlag] === true,
  ).map((entry) => ({
    icon: entry.icon,
    title: entry.title(config.bank.name),
    description: entry.description(config.bank.name),
  }));
}
