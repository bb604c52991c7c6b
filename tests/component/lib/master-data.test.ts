import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { loadMasterData, masterListQueryOptions } from '#client/lib/master-data.ts';
import { createApiClient } from '#client/lib/request/api-client.ts';

const BRANCH = {
  bb_id: 1,
  bb_code: '001',
  bb_unique_code: 'b1',
  bb_name: '本店',
  ba_code: '0182',
  ba_name: 'しおさい銀行',
};
/** An item every list's schema accepts (extra fields are dropped by the schemas). */
const ITEM = {
  code: '1',
  name: '一',
  children: [],
  name_kana: 'イチ',
  region: '関東',
  user_group: 'bank',
  color: '#000000',
  is_closed: false,
  is_hidden: false,
  requires_approval: false,
  is_builtin: false,
  category: 'matching',
  ba_code: '0182',
  ba_name: 'しおさい銀行',
  ba_service_name: null,
  is_current_bank: true,
};

/** The gateway's bundle GET /api/v1/master?lists=…, answering each named list (analyse_action with two categories). */
function setup() {
  const asked: string[] = [];
  const api = createApiClient({
    baseUrl: () => 'https://bank0182.example',
    fetch: async (input) => {
      const url = new URL(String(input));
      asked.push(`${url.pathname}${url.search}`);
      const names = (url.searchParams.get('lists') ?? '').split(',');
      const result = Object.fromEntries(
        names.map((name) => [
          name,
          name.endsWith('branches')
            ? [BRANCH]
            : name === 'analyse_action'
              ? [ITEM, { ...ITEM, code: '2', category: 'chat' }]
              : [ITEM],
        ]),
      );
      return new Response(JSON.stringify({ status: 'success', result }), {
        headers: { 'content-type': 'application/json' },
      });
    },
    reporter: { captureException: vi.fn(), captureMessage: vi.fn() },
    credentials: { read: () => null },
    navigation: { currentPath: () => '/', previousPath: () => null },
    showErrorPage: vi.fn(),
  });
  return { api, asked, queryClient: new QueryClient() };
}

const BANK_ONLY = [
  'ba_banks',
  'ba_bank_branches',
  'bank_branches',
  'cr_statuses',
  'company_types',
  'event_codes',
];
const listsAsked = (asked: string) => new URL(asked, 'https://x').searchParams.get('lists')?.split(',') ?? [];

describe('master data loaded at start-up (admin spec sections 3 and 7)', () => {
  it('loads every list of the audience in one call, the bank and branch lists for bank staff only', async () => {
    const company = setup();
    await loadMasterData(company.queryClient, company.api, 'company');
    expect(company.asked).toHaveLength(1);
    expect(company.asked[0]).toMatch(/^\/api\/v1\/master\?lists=/);
    const companyLists = listsAsked(company.asked[0]!);
    expect(companyLists).toContain('news_categories');
    expect(companyLists).toContain('registration_reasons');
    for (const bankOnly of BANK_ONLY) expect(companyLists).not.toContain(bankOnly);

    const bank = setup();
    await loadMasterData(bank.queryClient, bank.api, 'bank');
    expect(bank.asked).toHaveLength(1);
    for (const bankOnly of BANK_ONLY) expect(listsAsked(bank.asked[0]!)).toContain(bankOnly);
  });

  it('keeps to the matching analytics actions, as analyse_action?category=matching does', async () => {
    const { api, queryClient } = setup();
    await loadMasterData(queryClient, api, 'company');
    expect(queryClient.getQueryData(masterListQueryOptions(api, 'analyse_action').queryKey)).toEqual([
      { code: '1', name: '一', category: 'matching' },
    ]);
  });

  it('loads the register master for the register layouts', async () => {
    const { api, asked, queryClient } = setup();
    await loadMasterData(queryClient, api, 'register');
    expect(asked).toHaveLength(1);
    expect(listsAsked(asked[0]!).toSorted()).toEqual([
      'ba_ca_types',
      'bank_branches',
      'interesting_features',
      'prefectures',
    ]);
  });

  it('keeps each list in the cache under the master domain, and asks only for what it lacks', async () => {
    const { api, asked, queryClient } = setup();
    await loadMasterData(queryClient, api, 'register');
    await loadMasterData(queryClient, api, 'register');
    expect(asked).toHaveLength(1);
    expect(masterListQueryOptions(api, 'prefectures').queryKey).toEqual(['master', 'prefectures']);
    expect(queryClient.getQueryData(masterListQueryOptions(api, 'bank_branches').queryKey)).toEqual([
      { bb_id: 1, bb_code: '001', bb_unique_code: 'b1', bb_name: '本店' },
    ]);
    // The company lists it has not got come in one more call, without the four it has.
    await loadMasterData(queryClient, api, 'company');
    expect(asked).toHaveLength(2);
    expect(listsAsked(asked[1]!)).not.toContain('prefectures');
  });
});
