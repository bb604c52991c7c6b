import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { loadMasterData, masterListQueryOptions } from '#client/lib/master-data.ts';
import { createApiClient } from '#client/lib/request/api-client.ts';

function setup() {
  const asked: string[] = [];
  const api = createApiClient({
    baseUrl: () => 'https://bank0182.example',
    fetch: async (input) => {
      const url = new URL(String(input));
      asked.push(`${url.pathname}${url.search}`);
      const item = url.pathname.endsWith('branches')
        ? {
            bb_id: 1,
            bb_code: '001',
            bb_unique_code: 'b1',
            bb_name: '本店',
            ba_code: '0182',
            ba_name: 'しおさい銀行',
          }
        : {
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
      return new Response(JSON.stringify({ status: 'success', result: [item] }), {
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

describe('master data loaded at start-up (admin spec sections 3 and 7)', () => {
  it('loads the bank and branch lists for bank staff only', async () => {
    const company = setup();
    await loadMasterData(company.queryClient, company.api, 'company');
    expect(company.asked).toContain('/api/v1/master/news_categories');
    expect(company.asked).toContain('/api/v1/master/analyse_action?category=matching');
    expect(company.asked).toContain('/api/v1/companyregister/reasons');
    for (const bankOnly of [
      'ba_banks',
      'ba_bank_branches',
      'bank_branches',
      'cr_statuses',
      'company_types',
      'event_codes',
    ]) {
      expect(company.asked).not.toContain(`/api/v1/master/${bankOnly}`);
    }

    const bank = setup();
    await loadMasterData(bank.queryClient, bank.api, 'bank');
    for (const bankOnly of [
      'ba_banks',
      'ba_bank_branches',
      'bank_branches',
      'cr_statuses',
      'company_types',
      'event_codes',
    ]) {
      expect(bank.asked).toContain(`/api/v1/master/${bankOnly}`);
    }
  });

  it('loads the register master for the register layouts', async () => {
    const { api, asked, queryClient } = setup();
    await loadMasterData(queryClient, api, 'register');
    expect(asked.toSorted()).toEqual([
      '/api/v1/master/ba_ca_types',
      '/api/v1/master/bank_branches',
      '/api/v1/master/interesting_features',
      '/api/v1/master/prefectures',
    ]);
  });

  it('keeps each list in the cache under the master domain, and asks only once', async () => {
    const { api, asked, queryClient } = setup();
    await loadMasterData(queryClient, api, 'register');
    await loadMasterData(queryClient, api, 'register');
    expect(asked).toHaveLength(4);
    expect(masterListQueryOptions(api, 'prefectures').queryKey).toEqual(['master', 'prefectures']);
    expect(queryClient.getQueryData(masterListQueryOptions(api, 'bank_branches').queryKey)).toEqual([
      { bb_id: 1, bb_code: '001', bb_unique_code: 'b1', bb_name: '本店' },
    ]);
  });
});
