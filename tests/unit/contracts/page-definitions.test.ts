import { describe, expect, it } from 'vitest';
import { PAGE_TABLE } from '#server/contracts/page-table.ts';
import { ROUTE_RULES, rulesForPath } from '#server/contracts/route-access.ts';

/** A path of the pattern, each `{param}` given a value. */
const samplePath = (pattern: string) => pattern.replace(/\{[^}]+\}/g, '1');

/** The page rules (scope 'page': the ones that make a page not the user's) that apply to a path. */
const pageRulesAt = (path: string) => rulesForPath(path).filter((id) => ROUTE_RULES[id].scope === 'page');

describe('a page definition and the route rules', () => {
  it.each(PAGE_TABLE.map((page) => [page.path, page]))(
    '%s names the one page rule that guards it, or none when none does',
    (_path, page) => {
      expect(pageRulesAt(samplePath(page.path))).toEqual(page.rule === undefined ? [] : [page.rule]);
    },
  );

  it('names page rules only (session rules are about the visit, not the page)', () => {
    const named = PAGE_TABLE.flatMap((page) => (page.rule ? [page.rule] : []));
    expect(named.filter((id) => ROUTE_RULES[id].scope !== 'page')).toEqual([]);
  });

  it('lists each path once', () => {
    const paths = PAGE_TABLE.map((page) => page.path);
    expect(paths.filter((path, index) => paths.indexOf(path) !== index)).toEqual([]);
  });
});
