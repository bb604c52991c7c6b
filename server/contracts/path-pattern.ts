/**
 * Path patterns (route-access.ts's rules, the page table): `/a/b` matches that path; `{id}` matches
 * one segment; a final `**` matches the path itself and anything below it. A trailing slash is
 * ignored. Apart from route-access.ts so the page table, which every public page's footer reads,
 * does not bring the whole rule table into the first visit (tests/e2e/script-budget.test.ts).
 */
export type PathPattern = `/${string}`;

function segmentsOf(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment !== '');
}

/** Whether `pathname` (no query) matches the pattern. */
export function matchesPathPattern(pathname: string, pattern: PathPattern): boolean {
  const path = segmentsOf(pathname);
  const wanted = segmentsOf(pattern);
  for (const [index, segment] of wanted.entries()) {
    if (segment === '**' && index === wanted.length - 1) return true;
    const actual = path[index];
    if (actual === undefined) return false;
    if (segment.startsWith('{') && segment.endsWith('}')) continue;
    if (segment !== actual) return false;
  }
  return path.length === wanted.length;
}
