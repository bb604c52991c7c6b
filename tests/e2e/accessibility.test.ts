import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sidewaysOverflow } from './bank-pages.ts';
import { useE2eWorld } from '../support/e2e.ts';

const BANK = '0182';

/** Desktop and the 390 px phone the guide names. */
const ACCESSIBILITY_WIDTHS = [1280, 390] as const;

/** WCAG 2.1 A and AA, the level the banks are held to. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** A page of the list, detail and edit trio: reached by its path, or as the first item a list links to. */
type Visit = { path: string } | { firstItemOf: string };

/** Two domains' list, detail and edit pages, as the bank's staff and a company's owner see them. */
const JOURNEYS: readonly { loginId: string; visits: readonly Visit[] }[] = [
  {
    loginId: `bankadmin-${BANK}`,
    visits: [
      { path: '/admin/company' },
      { firstItemOf: '/admin/company' },
      { path: '/admin/company/create' },
      { path: '/admin/news' },
      { firstItemOf: '/admin/news' },
      { path: '/admin/news/create' },
    ],
  },
  {
    loginId: `owner-${BANK}`,
    visits: [
      { path: '/mypage/news' },
      { firstItemOf: '/mypage/news' },
      { path: '/mypage/company/edit' },
      { path: '/mypage/setting/account' },
    ],
  },
];

/** What a screen reader or keyboard user would be stopped by: axe's serious and critical findings. */
async function blockingViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

async function visit(page: Page, origin: string, target: Visit): Promise<string> {
  if ('path' in target) {
    await page.goto(`${origin}${target.path}`);
    await page.waitForURL(`${origin}${target.path}`);
  } else {
    await page.goto(`${origin}${target.firstItemOf}`);
    await page.locator(`main a[href^="${target.firstItemOf}/detail/"]`).first().click();
    await page.waitForURL((url) => url.pathname.startsWith(`${target.firstItemOf}/detail/`));
  }
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  // The page's own data has arrived and is drawn (badge polling is minutes apart).
  await page.waitForLoadState('networkidle');
  return new URL(page.url()).pathname;
}

describe('accessibility of the list, detail and edit pages (axe-core, WCAG 2.1 AA, Chromium)', () => {
  const world = useE2eWorld({ providerFor: [BANK] });

  for (const { loginId, visits } of JOURNEYS) {
    for (const width of ACCESSIBILITY_WIDTHS) {
      it(`gives ${loginId} of ${BANK} pages with no serious or critical violation and no sideways scroll at ${width} px`, async () => {
        const origin = world.origin(BANK);
        const { page, problems } = await world.open(BANK, width);
        await world.logIn(page, BANK, loginId, '/');
        const findings: Record<string, string[]> = {};
        for (const target of visits) {
          const pathname = await visit(page, origin, target);
          const violations = await blockingViolations(page);
          const overflow = await sidewaysOverflow(page);
          if (overflow > 0) violations.push(`the page scrolls sideways by ${overflow} px`);
          if (violations.length > 0) findings[pathname] = violations;
        }
        expect(findings).toEqual({});
        expect(problems).toEqual([]);
      });
    }
  }
});
