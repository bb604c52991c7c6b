import { describe, expect, it } from 'vitest';
import { stripCallDocs } from '#scripts/vite/strip-call-docs.ts';

/** What the plugin makes of `code` as a module of server/contracts (null: left as it is). */
function strip(code: string, id = '/repo/server/contracts/news.ts'): string | null {
  const { transform } = stripCallDocs();
  if (!transform || typeof transform === 'function') throw new Error('the plugin has no filtered transform');
  const filter = transform.filter;
  if (!filter || !(filter.id instanceof RegExp) || !filter.id.test(id) || !code.includes('defineCall'))
    return null;
  const result = transform.handler.call({} as never, code, id) as { code: string } | null;
  return result?.code ?? null;
}

describe('the client build leaves the calls’ documentation out', () => {
  it('empties summary and description of every call, whatever their form, and keeps the rest', () => {
    const code = [
      "const label = 'ニュース';",
      'export const a = defineCall({',
      "  method: 'GET', path: '/api/v1/news/search',",
      '  summary: `${label}の一覧`,',
      "  description: seminar ? '開催日の近い順です。' : `公開中の${label}を返します。`,",
      '});',
      "export const b = defineCall({ ...a, method: 'DELETE', summary: '取消し', description: '取り消します。' });",
      "const notACall = { summary: 'そのまま', description: 'そのまま' };",
    ].join('\n');
    const stripped = strip(code);
    expect(stripped).not.toBeNull();
    expect(stripped).not.toMatch(/一覧|開催日|公開中|取消し|取り消します/);
    expect(stripped).toContain("summary: '',");
    expect(stripped).toContain("description: '',");
    expect(stripped).toContain("method: 'GET', path: '/api/v1/news/search',");
    expect(stripped).toContain("{ ...a, method: 'DELETE', summary: '', description: '' }");
    expect(stripped).toContain("const notACall = { summary: 'そのまま', description: 'そのまま' };");
  });

  it('empties a summary a helper passes on by name (shorthand), keeping the module valid', () => {
    const code = [
      'const command = (path: string, summary: string) =>',
      "  defineCall({ method: 'POST', path, summary });",
      "export const reply = command('/api/v1/cmh/:code/reply', '商談への返信');",
    ].join('\n');
    const stripped = strip(code);
    expect(stripped).toContain("defineCall({ method: 'POST', path, summary: '' });");
    // The helper's callers still hand it the words; only the call definition drops them.
    expect(stripped).toContain("command('/api/v1/cmh/:code/reply', '商談への返信')");
  });

  it('leaves modules outside server/contracts, and contracts without calls, as they are', () => {
    const call = "defineCall({ summary: '一覧', description: '説明' });";
    expect(strip(call, '/repo/client/src/features/news/pages.tsx')).toBeNull();
    expect(strip("export const LABEL = 'ニュース';")).toBeNull();
  });
});
