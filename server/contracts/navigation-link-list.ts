import { ADMIN_MENU, COMPANY_MENU, MOBILE_APP_FOOTER_MENU, PHONE_BOTTOM_BAR_MENU } from './menu-data.ts';
import type { MenuItem } from './menu-item.ts';
import {
  ADMIN_BADGE_PATHS,
  ADMIN_SHORTCUTS,
  COMPANY_EVERYDAY_SHORTCUTS,
  COMPANY_MANAGEMENT_SHORTCUTS,
  PARTNER_FORM_PATH,
} from './navigation-links.ts';

const linksOf = (items: readonly MenuItem[]): string[] =>
  items.flatMap((item) => [...(item.link ? [item.link] : []), ...linksOf(item.sub ?? [])]);

/**
 * Every link the always-loaded navigation may show while its page may not exist yet: the menus
 * (the server's menu sends these too), the badges and counts, the dashboards' shortcuts and the
 * partner form. The build lists the pages among them (scripts/vite/page-paths.ts), and the browser
 * checks its links against that list alone (client/src/lib/live-pages.ts): a link from anywhere
 * else is never live there (tests/unit/scripts/page-paths.test.ts names the modules that check).
 */
export function navigationLinks(): string[] {
  return [
    ...new Set([
      ...[ADMIN_MENU, COMPANY_MENU, PHONE_BOTTOM_BAR_MENU, MOBILE_APP_FOOTER_MENU].flatMap(linksOf),
      ...Object.values(ADMIN_BADGE_PATHS),
      ...[...COMPANY_EVERYDAY_SHORTCUTS, ...COMPANY_MANAGEMENT_SHORTCUTS, ...ADMIN_SHORTCUTS].map(
        (shortcut) => shortcut.to,
      ),
      PARTNER_FORM_PATH,
    ]),
  ];
}
