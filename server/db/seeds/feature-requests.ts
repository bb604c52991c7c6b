import { inArray } from 'drizzle-orm';
import { featureRequests } from '../schema/feature-requests.ts';
import type { DemoLogin, DomainSeed } from './seed-context.ts';

const DEMO_FEATURE_REQUESTS: readonly { from: DemoLogin; body: string }[] = [
  { from: 'branchuser', body: '企業一覧の検索条件を保存して、次回も同じ条件で開けるようにしてほしいです。' },
  { from: 'branchadmin', body: 'セミナーの申込者一覧をExcelで出力できると、支店での集計が楽になります。' },
];

/** Two feature requests from branch staff, for the admins' list. */
export const seedFeatureRequests: DomainSeed = async ({ tx, userIdOf }) => {
  const bodies = DEMO_FEATURE_REQUESTS.map((request) => request.body);
  const existing = await tx
    .select({ body: featureRequests.feature_request_body })
    .from(featureRequests)
    .where(inArray(featureRequests.feature_request_body, bodies));
  const seeded = new Set(existing.map((row) => row.body));
  const missing = DEMO_FEATURE_REQUESTS.filter((request) => !seeded.has(request.body));
  if (missing.length === 0) return;
  await tx.insert(featureRequests).values(
    missing.map((request) => ({
      feature_request_body: request.body,
      feature_request_sent_by: userIdOf(request.from),
    })),
  );
};
