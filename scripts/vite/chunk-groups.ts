import path from 'node:path';

/** The repository root: module paths below are relative to it. */
const ROOT = path.join(import.meta.dirname, '..', '..');

/**
 * Whether a module is one of `paths`: from the repository root, without the extension; a path
 * ending in "/" names a folder and everything under it; a path starting with "!" leaves that module
 * (or folder) out of the ones before it.
 */
export function modulesAt(paths: readonly string[]): (id: string) => boolean {
  const named = (entries: readonly string[]) => {
    const files = new Set(entries.filter((entry) => !entry.endsWith('/')));
    const folders = entries.filter((entry) => entry.endsWith('/'));
    return (relative: string) =>
      files.has(relative.replace(/\.[cm]?[jt]sx?$/, '')) ||
      folders.some((folder) => relative.startsWith(folder));
  };
  const included = named(paths.filter((entry) => !entry.startsWith('!')));
  const excluded = named(paths.filter((entry) => entry.startsWith('!')).map((entry) => entry.slice(1)));
  return (id) => {
    const relative = path.relative(ROOT, id).split(path.sep).join('/');
    return included(relative) && !excluded(relative);
  };
}

/** A chunk of exactly these modules: their dependencies stay where Rolldown puts them. */
export function ownModules(name: string, paths: readonly string[]) {
  return { name, test: modulesAt(paths), includeDependenciesRecursively: false };
}

/**
 * The chunks Rolldown puts the small modules in (vite.config.ts, build.rolldownOptions), each as
 * the paths of its modules: from the repository root, without the extension; a path ending in "/"
 * is a folder. tests/unit/scripts/chunk-groups.test.ts checks that each still names a file or
 * folder, and that no module is in two groups.
 */
export const CHUNK_GROUPS = {
  shell: [
    'client/src/components/app-bar/app-bar',
    'client/src/components/app-bar/bar-links',
    'client/src/components/site-footer/',
    'client/src/components/icons/',
    'client/src/components/button/',
    'client/src/components/external-link',
    'client/src/components/visually-hidden',
    'client/src/components/skip-link',
    'client/src/components/bank-contact-details',
    'client/src/components/unread-mark',
    'client/src/lib/window-width',
    'client/src/lib/date-format',
    'client/src/lib/save-flow',
    'client/src/lib/request/http-error',
    'client/src/lib/request/fetch-call',
    'client/src/lib/client-domain',
    'client/src/lib/request/save-call',
    'client/src/lib/request/save-request',
    'client/src/app/layouts/layout-frame',
    'client/src/app/layouts/plain-layout',
    'server/contracts/device',
    'server/contracts/envelope',
    'server/contracts/call',
    'server/contracts/paging',
    'server/contracts/japan-day',
    // The footer's links (client/src/components/site-footer/footer-content.ts), and the page
    // definitions of the eager domains' routes (client/src/app/features.ts).
    'server/contracts/pages/page-list',
    'server/contracts/pages/inquiry',
    'server/contracts/pages/static-pages',
    'server/contracts/pages/home',
    'server/contracts/pages/dashboard',
    'server/contracts/path-pattern',
  ],
  // The form kit and the zod error map it validates with stay one chunk, however many pages import
  // the map themselves (a chunk of its own costs every form page a request and ~150 bytes). The
  // field row, the controls' styles and the form's actions every form page draws with ride along:
  // three chunks of their own cost /inquiry about 400 bytes of imports and gzip headers.
  'form-kit': [
    'client/src/lib/forms/use-schema-form',
    'server/contracts/zod-error-map',
    'client/src/components/form/field-row',
    'client/src/components/form/form-controls',
    'client/src/components/form/form-actions',
  ],
  // Showing sanitised rich text (a news item, a company's homepage): one chunk, whichever page loads it.
  'rich-text-view': [
    'client/src/components/rich-text/rich-text-content',
    'client/src/components/rich-text/rich-text-styles',
    'server/contracts/rich-text',
  ],
  // Not the footer's own page lists (in the shell): with route discovery by prefix on public pages
  // (decision 0113), a public page's first visit loads no page list but those.
  'page-rules': [
    'server/contracts/page-table',
    'server/contracts/pages/',
    '!server/contracts/pages/page-list',
    '!server/contracts/pages/inquiry',
    '!server/contracts/pages/static-pages',
    '!server/contracts/pages/home',
    '!server/contracts/pages/dashboard',
    '!server/contracts/pages/news',
    '!server/contracts/pages/reminder',
    '!server/contracts/pages/registration',
    '!server/contracts/pages/settings',
    '!server/contracts/pages/websites',
    '!server/contracts/pages/matching',
    '!server/contracts/pages/matching-admin',
    '!server/contracts/pages/matching-network',
  ],
  // The page definitions of each domain with public pages, which its route table builds its routes
  // from: a chunk per domain, so a public page's first visit (/news, /reminder, /hp/{id}…) loads its
  // own domain's definitions and not the page table with every domain's pages (page-rules imports
  // these chunks in turn).
  'news-pages': ['server/contracts/pages/news'],
  'reminder-pages': ['server/contracts/pages/reminder'],
  'registration-pages': ['server/contracts/pages/registration'],
  'settings-pages': ['server/contracts/pages/settings'],
  'websites-pages': ['server/contracts/pages/websites'],
  'matching-pages': [
    'server/contracts/pages/matching',
    'server/contracts/pages/matching-admin',
    'server/contracts/pages/matching-network',
  ],
  'signed-in': [
    // The menus' build-time list of the linked pages' paths (decision 0114), in place of the page
    // table, and the links outside the menus (the dashboards' shortcuts, the badges' pages).
    'client/src/lib/live-pages',
    'server/contracts/navigation-links',
    'node_modules/@tanstack/query-core/',
    'node_modules/@tanstack/react-query/',
    'client/src/components/navigation/badge-counts',
    'client/src/components/navigation/badge-polling',
    'client/src/components/navigation/count-badge',
    'client/src/components/navigation/menu-entry',
    'client/src/components/navigation/menu-destination',
    'client/src/components/navigation/use-menus',
    'client/src/components/drawer/',
    'client/src/components/dashboard/',
    'client/src/components/page-header/',
    'client/src/components/dialog/focus-trap',
    'client/src/components/fact-list',
    'client/src/components/app-bar/impersonation-banner',
    'client/src/components/app-bar/profile-block',
    'client/src/lib/master-data',
    'client/src/lib/use-new-badge',
    'client/src/lib/request/call-client',
    'client/src/app/with-server-state',
    'server/contracts/menu',
    'server/contracts/menu-item',
    'server/contracts/new-badge',
    'server/contracts/route-access',
    'server/contracts/user-switch',
    'server/contracts/logged-in-user',
    'server/contracts/badge-counters',
    'server/contracts/master-list-items',
  ],
  // Who is who (account types, permissions, identity): what the signed-in pages, the route rules and
  // a few public pages ask; most public pages' first visit never does.
  // The card pages' paths ride along: the route rules name them, and so does the payment domain's
  // page set (in page-rules, which the signed-in chunk must not import).
  'account-kinds': [
    'server/contracts/account-types',
    'server/contracts/identity',
    'server/contracts/payment-card-paths',
  ],
  'admin-layout': [
    'client/src/app/layouts/admin-layout',
    'client/src/components/admin/admin-badges',
    'client/src/components/admin/admin-menu-query',
    'client/src/components/admin/admin-side-menu',
    'client/src/components/admin/admin-top-bar',
    'client/src/components/admin/admin-footer',
  ],
  'admin-dashboard': [
    'client/src/features/dashboard/admin-dashboard-page',
    'client/src/features/news/dashboard/admin-article-blocks',
  ],
  'company-dashboard': [
    'client/src/features/dashboard/company-dashboard-page',
    'client/src/features/news/dashboard/company-article-blocks',
  ],
  'company-layout': [
    'client/src/app/layouts/default-layout',
    'client/src/components/navigation/navigation-columns',
    'client/src/components/navigation/navigation-accordion',
    'client/src/components/navigation/tab-bar',
    'client/src/components/navigation/use-stored-flag',
    'client/src/components/navigation/attendance-card-link',
    'client/src/components/navigation/use-company-menu',
    'server/contracts/menu-data',
  ],
} satisfies Record<string, readonly string[]>;
