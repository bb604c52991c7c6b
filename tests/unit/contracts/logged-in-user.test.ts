import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { loggedInUserSchema, userSummarySchema } from '#server/contracts/logged-in-user.ts';

const companyOwner = {
  bb_code: '001',
  bb_id: 1,
  bb_name: '本店営業部',
  company_corporate_number: '1234567890123',
  company_enable_ba: true,
  company_enable_baportal: false,
  company_id: 10,
  company_is_disabled: false,
  company_is_unsubscribed: false,
  company_logo_file: { file_unique_code: 'f-logo' },
  company_name: '株式会社さくら製作所',
  company_type: 'normal',
  company_unique_code: 'c-10',
  company_is_payment_method_filled: false,
  user_id: 100,
  user_unique_code: 'u-100',
  user_login_id: 'sakura-owner',
  user_name: '山田 太郎',
  user_last_name: '山田',
  user_first_name: '太郎',
  user_last_name_kana: 'ヤマダ',
  user_first_name_kana: 'タロウ',
  user_email: 'taro@sakura.example.jp',
  user_alternate_email: null,
  user_tel: '03-1234-5678',
  user_role: null,
  user_type: 'company_owner',
  user_type_group: 'company',
  user_type_name: '企業オーナー',
  user_is_super_user: false,
  user_is_disabled: false,
  user_profile_picture: null,
  user_bb_name: null,
  user_branches: [],
  user_branche_codes: [],
  user_provider: 'bamidp',
  user_restricts_companies_under_my_branch: false,
  user_created_at: '2025-04-01T00:00:00.000Z',
  user_updated_at: '2025-04-01T00:00:00.000Z',
  login_id_managements: [{ login_id: 'sakura-owner', provider: 'bamidp' }],
  permitted_actions: ['company_news_read'],
  permitted_chat_actions: [],
  disable_chat: false,
  offhour_message: null,
  is_permitted_ipaddress: true,
  is_managed_user: false,
};

describe('the logged-in user (spec section 3)', () => {
  it('reads a company owner without id token fields', () => {
    expect(z.parse(loggedInUserSchema, companyOwner).user_type).toBe('company_owner');
  });

  it('reads branch staff with branches, no company and an off-hours message', () => {
    const branchUser = {
      ...companyOwner,
      company_corporate_number: null,
      company_id: null,
      company_logo_file: null,
      company_name: null,
      company_type: null,
      company_unique_code: null,
      user_type: 'branch_user',
      user_type_group: 'bank',
      user_bb_name: '本店営業部',
      user_branches: [{ bb_id: 1, bb_code: '001', bb_unique_code: 'bb-1', bb_name: '本店営業部' }],
      user_branche_codes: ['001'],
      offhour_message: '営業時間外です',
      id_token: 'eyJ...',
      id_token_payload: { sub: 'u-100' },
    };
    expect(z.parse(loggedInUserSchema, branchUser).user_branche_codes).toEqual(['001']);
  });

  it('refuses an unknown user type', () => {
    expect(z.safeParse(loggedInUserSchema, { ...companyOwner, user_type: 'guest' }).success).toBe(false);
  });

  it('has a shorter view with the branch name and unique code', () => {
    expect(z.parse(userSummarySchema, companyOwner)).toEqual({
      user_bb_name: null,
      user_unique_code: 'u-100',
    });
  });
});
