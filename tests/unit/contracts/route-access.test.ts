import { describe, expect, it } from 'vitest';
import {
  PERMISSION_CODES,
  type UserTypeCode,
  USER_TYPES,
  isBankUser,
} from '#server/contracts/account-types.ts';
import {
  evaluateRouteAccess,
  evaluateRule,
  isCardRequiredAndMissing,
  isRouteOffered,
  loginRedirectPath,
  matchesPathPattern,
  ROUTE_RULES,
  type RouteAccessSubject,
  type RouteAccessUser,
  rulesForPath,
  withoutDeniedPages,
} from '#server/contracts/route-access.ts';

const COMPANY_TYPES: Partial<Record<UserTypeCode, 'normal' | 'partner'>> = {
  company_owner: 'normal',
  company_user: 'normal',
  company_employee: 'normal',
  partner_company_owner: 'partner',
};

function user(userType: UserTypeCode, change: Partial<RouteAccessUser> = {}): RouteAccessUser {
  return {
    user_type: userType,
    company_type: COMPANY_TYPES[userType] ?? null,
    user_is_super_user: false,
    permitted_actions: isBankUser(userType) ? ['login_read'] : [...PERMISSION_CODES],
    is_permitted_ipaddress: true,
    offhour_message: null,
    ...change,
  };
}

const ALL_ON = {
  enable_subsidy_support: true,
  enable_forum: true,
  enable_mall: true,
  enable_attendance: true,
  available_invoice: true,
  enable_unsubscribe_route: true,
  enable_campfire: true,
  enable_business_succession: true,
};

function subject(who: RouteAccessUser | null, change: Partial<RouteAccessSubject> = {}): RouteAccessSubject {
  return { user: who, features: ALL_ON, forumAgreed: true, mallAgreed: true, ...change };
}

const allow = { kind: 'allow' };
const forbidden = (rule: string, message = '権限がありません') => ({
  kind: 'error',
  status: 403,
  message,
  rule,
});
const redirect = (to: string, rule: string) => ({ kind: 'redirect', to, rule });

describe('path patterns', () => {
  it.each([
    ['/mypage/news', '/mypage/**', true],
    ['/mypage', '/mypage/**', true],
    ['/mypagex', '/mypage/**', false],
    ['/admin/companyregister/detail/12', '/admin/companyregister/detail/{id}', true],
    ['/admin/companyregister/detail', '/admin/companyregister/detail/{id}', false],
    ['/admin/companyregister/detail/12/x', '/admin/companyregister/detail/{id}', false],
    ['/fukuri', '/fukuri', true],
    ['/fukuri/x', '/fukuri', false],
    ['/', '/**', true],
  ] as const)('%s against %s: %s', (path, pattern, expected) => {
    expect(matchesPathPattern(path, pattern)).toBe(expected);
  });
});

describe('not logged in (spec section 4)', () => {
  it.each(['/mypage/dashboard', '/admin/dashboard', '/chat', '/fukuri', '/mypage/news/3', '/admin'])(
    'sends a visitor from %s to /login with the wanted path',
    (path) => {
      expect(evaluateRouteAccess(path, subject(null))).toEqual(redirect(loginRedirectPath(path), 'login'));
    },
  );

  it('keeps the query of the wanted path in r', () => {
    const decision = evaluateRouteAccess('/mypage/news?page=2&q=銀行', subject(null));
    expect(decision).toEqual(
      redirect('/login?r=%2Fmypage%2Fnews%3Fpage%3D2%26q%3D%E9%8A%80%E8%A1%8C', 'login'),
    );
    const to = decision.kind === 'redirect' ? decision.to : '';
    expect(new URL(to, 'http://bank.test').searchParams.get('r')).toBe('/mypage/news?page=2&q=銀行');
  });

  it.each([
    '/',
    '/login',
    '/logout',
    '/callback',
    '/register',
    '/register/portal/enable',
    '/register/employee/invitation/7',
    '/reminder',
    '/reminder/completed',
    '/inquiry',
    '/inquiry/completed',
    '/page/rule',
    '/news',
    '/news/detail/5',
    '/disconnect/broker',
    '/ncba/bm/agreement/abc',
  ])('leaves the public route %s open', (path) => {
    expect(evaluateRouteAccess(path, subject(null))).toEqual(allow);
  });

  it('leaves routes without a rule open, even for a visitor', () => {
    expect(rulesForPath('/somewhere/else')).toEqual(['card_on_file']);
    expect(evaluateRouteAccess('/somewhere/else', subject(null))).toEqual(allow);
  });
});

describe('the sides of the portal (spec section 4)', () => {
  it.each(['company_owner', 'company_user', 'partner_company_owner', 'company_employee'] as const)(
    'redirects a %s from /admin to /mypage/dashboard',
    (type) => {
      expect(evaluateRouteAccess('/admin/company', subject(user(type)))).toEqual(
        redirect('/mypage/dashboard', 'admin_side'),
      );
      expect(evaluateRouteAccess('/mypage/dashboard', subject(user(type)))).toEqual(allow);
    },
  );

  it.each(['system_admin', 'bank_admin', 'branch_admin', 'branch_user'] as const)(
    'redirects a %s from /mypage to /admin/dashboard',
    (type) => {
      expect(evaluateRouteAccess('/mypage/news', subject(user(type)))).toEqual(
        redirect('/admin/dashboard', 'company_side'),
      );
      expect(evaluateRouteAccess('/admin/dashboard', subject(user(type)))).toEqual(allow);
    },
  );
});

describe("the bank's devices and hours (spec sections 4 and 8)", () => {
  it('shows 422 この端末からはアクセスできません。 to bank staff outside the allowlist, on every logged-in route', () => {
    const outside = subject(user('bank_admin', { is_permitted_ipaddress: false }));
    for (const path of ['/admin/dashboard', '/admin/company', '/mypage/dashboard', '/chat', '/fukuri']) {
      expect(evaluateRouteAccess(path, outside)).toEqual({
        kind: 'error',
        status: 422,
        message: 'この端末からはアクセスできません。',
        rule: 'bank_device',
      });
    }
    expect(evaluateRouteAccess('/', outside)).toEqual(allow);
  });

  it('shows 422 with the off-hours message to bank staff out of hours', () => {
    const late = subject(user('branch_user', { offhour_message: '<p>営業時間外です（8:00〜20:00）</p>' }));
    expect(evaluateRouteAccess('/admin/dashboard', late)).toEqual({
      kind: 'error',
      status: 422,
      message: '<p>営業時間外です（8:00〜20:00）</p>',
      rule: 'bank_office_hours',
    });
  });

  it('does not apply the allowlist or the hours to company users', () => {
    const owner = subject(
      user('company_owner', { is_permitted_ipaddress: false, offhour_message: '時間外' }),
    );
    expect(evaluateRouteAccess('/mypage/dashboard', owner)).toEqual(allow);
  });
});

describe('subsidy application support', () => {
  const path = '/mypage/subsidy/applysupport';
  it.each(['company_owner', 'company_user', 'partner_company_owner'] as const)('opens for a %s', (type) => {
    expect(evaluateRouteAccess(path, subject(user(type)))).toEqual(allow);
  });
  it('is 403 for an employee, and for everyone when the flag is off', () => {
    expect(evaluateRouteAccess(path, subject(user('company_employee')))).toEqual(
      forbidden('subsidy_support'),
    );
    const off = subject(user('company_owner'), { features: { ...ALL_ON, enable_subsidy_support: false } });
    expect(evaluateRouteAccess(path, off)).toEqual(forbidden('subsidy_support'));
  });
});

describe('forum', () => {
  it.each(['company_owner', 'partner_company_owner'] as const)('opens for an agreed %s', (type) => {
    expect(evaluateRouteAccess('/mypage/forum/detail/4', subject(user(type)))).toEqual(allow);
  });
  it('sends a company user or employee, or anyone when the forum is off, to the dashboard', () => {
    for (const type of ['company_user', 'company_employee'] as const) {
      expect(evaluateRouteAccess('/mypage/forum', subject(user(type)))).toEqual(
        redirect('/mypage/dashboard', 'forum'),
      );
    }
    const off = subject(user('company_owner'), { features: { ...ALL_ON, enable_forum: false } });
    expect(evaluateRouteAccess('/mypage/forum/policy', off)).toEqual(redirect('/mypage/dashboard', 'forum'));
  });
  it('sends an owner who has not agreed (or whose agreement is unknown) to the policy page, which stays open', () => {
    for (const forumAgreed of [false, undefined]) {
      const owner = subject(user('company_owner'), { forumAgreed });
      expect(evaluateRouteAccess('/mypage/forum/form', owner)).toEqual(
        redirect('/mypage/forum/policy', 'forum_agreement'),
      );
      expect(evaluateRouteAccess('/mypage/forum/policy', owner)).toEqual(allow);
    }
  });
});

describe('mall', () => {
  it.each(['company_owner', 'partner_company_owner', 'company_user'] as const)(
    'opens for an agreed %s',
    (type) => {
      expect(evaluateRouteAccess('/mypage/mall/detail/2', subject(user(type)))).toEqual(allow);
    },
  );
  it('sends an employee, or anyone when the mall is off, to the dashboard', () => {
    expect(evaluateRouteAccess('/mypage/mall/detail/2', subject(user('company_employee')))).toEqual(
      redirect('/mypage/dashboard', 'mall'),
    );
    const off = subject(user('company_user'), { features: { ...ALL_ON, enable_mall: false } });
    expect(evaluateRouteAccess('/mypage/mall/policy', off)).toEqual(redirect('/mypage/dashboard', 'mall'));
  });
  it('sends a user who has not agreed to /mypage/mall/policy', () => {
    const notAgreed = subject(user('company_user'), { mallAgreed: false });
    expect(evaluateRouteAccess('/mypage/mall/detail/2', notAgreed)).toEqual(
      redirect('/mypage/mall/policy', 'mall_agreement'),
    );
    expect(evaluateRouteAccess('/mypage/mall/policy', notAgreed)).toEqual(allow);
  });
});

describe('attendance', () => {
  it('opens the service to owners and partner owners, 403 for others or when off', () => {
    for (const path of ['/mypage/chanto-attendance', '/mypage/chanto-attendance/registration']) {
      expect(evaluateRouteAccess(path, subject(user('company_owner')))).toEqual(allow);
      expect(evaluateRouteAccess(path, subject(user('partner_company_owner')))).toEqual(allow);
      expect(evaluateRouteAccess(path, subject(user('company_user')))).toEqual(forbidden('attendance'));
    }
    const off = subject(user('company_owner'), { features: { ...ALL_ON, enable_attendance: false } });
    expect(evaluateRouteAccess('/mypage/chanto-attendance', off)).toEqual(forbidden('attendance'));
  });
  it('opens the application page to company users and employees only', () => {
    const path = '/mypage/chanto-attendance/application';
    expect(evaluateRouteAccess(path, subject(user('company_user')))).toEqual(allow);
    expect(evaluateRouteAccess(path, subject(user('company_employee')))).toEqual(allow);
    expect(evaluateRouteAccess(path, subject(user('company_owner')))).toEqual(
      forbidden('attendance_application'),
    );
  });
});

describe('invoice settings', () => {
  const path = '/mypage/setting/invoice';
  it('opens for owners and users of non-partner companies when available_invoice is on', () => {
    expect(evaluateRouteAccess(path, subject(user('company_owner')))).toEqual(allow);
    expect(evaluateRouteAccess(path, subject(user('company_user')))).toEqual(allow);
  });
  it('is 403 for a partner company, an employee, or with the flag off', () => {
    expect(evaluateRouteAccess(path, subject(user('partner_company_owner')))).toEqual(
      forbidden('invoice_settings'),
    );
    expect(evaluateRouteAccess(path, subject(user('company_owner', { company_type: 'partner' })))).toEqual(
      forbidden('invoice_settings'),
    );
    expect(evaluateRouteAccess(path, subject(user('company_employee')))).toEqual(
      forbidden('invoice_settings'),
    );
    const off = subject(user('company_owner'), { features: { ...ALL_ON, available_invoice: false } });
    expect(evaluateRouteAccess(path, off)).toEqual(forbidden('invoice_settings'));
  });
});

describe('unsubscribe', () => {
  it('is 403 with the period variant 権限がありません。 when enable_unsubscribe_route is off', () => {
    const off = subject(user('company_owner'), { features: { ...ALL_ON, enable_unsubscribe_route: false } });
    for (const path of ['/mypage/setting/unsubscribe', '/mypage/setting/unsubscribe/compleated']) {
      expect(evaluateRouteAccess(path, off)).toEqual(forbidden('unsubscribe', '権限がありません。'));
      expect(evaluateRouteAccess(path, subject(user('company_owner')))).toEqual(allow);
    }
  });
});

describe('matching', () => {
  const search = '/mypage/matching/search';
  it('needs all three permissions for the search', () => {
    const three = [
      'company_setting_matching_write',
      'company_setting_company_write',
      'company_matching_read',
    ];
    expect(evaluateRouteAccess(search, subject(user('company_owner', { permitted_actions: three })))).toEqual(
      allow,
    );
    for (const missing of three) {
      const fewer = user('company_owner', { permitted_actions: three.filter((p) => p !== missing) });
      expect(evaluateRouteAccess(search, subject(fewer))).toEqual(forbidden('matching_search'));
    }
  });
  it('needs company_matching_read for received history and its detail', () => {
    const reader = subject(user('company_user', { permitted_actions: ['company_matching_read'] }));
    const none = subject(user('company_user', { permitted_actions: [] }));
    for (const path of ['/mypage/matching/received_history', '/mypage/matching/received_history/detail/9']) {
      expect(evaluateRouteAccess(path, reader)).toEqual(allow);
      expect(evaluateRouteAccess(path, none)).toEqual(forbidden('matching_received'));
    }
  });
});

describe('company pages gated by their menu permission', () => {
  it.each([
    ['/mypage/news', 'company_news_read', 'news'],
    ['/mypage/news/detail/3', 'company_news_read', 'news'],
    ['/mypage/cmc/3', 'company_news_read', 'news'],
    ['/mypage/column', 'company_column_read', 'column'],
    ['/mypage/seminar/detail/1', 'company_seminar_read', 'seminar'],
    ['/chat', 'company_chat_read', 'chat'],
    ['/mypage/bachat/4', 'company_bachat_read', 'bachat'],
    ['/mypage/babank', 'company_babank_read', 'babank'],
    ['/mypage/sc', 'company_survey_read', 'safety_confirmation'],
    ['/mypage/subsidy/search', 'company_subsidy_read', 'subsidy_search'],
    ['/mypage/setting/account', 'company_setting_account_write', 'account_settings'],
  ] as const)('%s needs %s', (path, permission, rule) => {
    expect(
      evaluateRouteAccess(path, subject(user('company_user', { permitted_actions: [permission] }))),
    ).toEqual(allow);
    expect(evaluateRouteAccess(path, subject(user('company_user', { permitted_actions: [] })))).toEqual(
      forbidden(rule),
    );
  });

  it('lets a super user through every permission check', () => {
    const superUser = user('company_user', { user_is_super_user: true, permitted_actions: [] });
    expect(evaluateRouteAccess('/mypage/matching/search', subject(superUser))).toEqual(allow);
    expect(evaluateRouteAccess('/mypage/news', subject(superUser))).toEqual(allow);
  });

  it('denies when the permitted actions are not an array', () => {
    const broken = user('company_owner', { permitted_actions: 'company_news_read' });
    expect(evaluateRouteAccess('/mypage/news', subject(broken))).toEqual(forbidden('news'));
  });
});

describe('admin pages for system_admin and bank_admin only', () => {
  it.each([
    '/admin/companyregister/detail/12',
    '/admin/newsletter',
    '/admin/newsletter/detail/3',
    '/admin/newsletter/target/3',
    '/admin/company/user',
  ])('%s', (path) => {
    expect(evaluateRouteAccess(path, subject(user('system_admin')))).toEqual(allow);
    expect(evaluateRouteAccess(path, subject(user('bank_admin')))).toEqual(allow);
    expect(evaluateRouteAccess(path, subject(user('branch_admin')))).toMatchObject({
      kind: 'error',
      status: 403,
    });
    expect(evaluateRouteAccess(path, subject(user('branch_user')))).toMatchObject({
      kind: 'error',
      status: 403,
    });
  });
  it('leaves the registration list open to branch staff', () => {
    expect(evaluateRouteAccess('/admin/companyregister', subject(user('branch_user')))).toEqual(allow);
  });
});

describe('card requirement (spec section 4)', () => {
  const needsCard = { ...ALL_ON, check_payment_method_filled: true, is_payment_method_filled: false };

  it('tells when a card is required and missing, for company users only', () => {
    expect(isCardRequiredAndMissing(user('company_owner'), needsCard)).toBe(true);
    expect(
      isCardRequiredAndMissing(user('company_owner'), { ...needsCard, is_payment_method_filled: true }),
    ).toBe(false);
    expect(isCardRequiredAndMissing(user('company_owner'), ALL_ON)).toBe(false);
    expect(isCardRequiredAndMissing(user('bank_admin'), needsCard)).toBe(false);
    expect(isCardRequiredAndMissing(null, needsCard)).toBe(false);
  });

  it("counts the user's company's own registered card as filled, whatever the bank's flag", () => {
    const withCard = { ...user('company_user'), company_is_payment_method_filled: true };
    expect(isCardRequiredAndMissing(withCard, needsCard)).toBe(false);
    expect(evaluateRouteAccess('/mypage/dashboard', subject(withCard, { features: needsCard }))).toEqual(
      allow,
    );
    expect(
      isCardRequiredAndMissing({ ...withCard, company_is_payment_method_filled: false }, needsCard),
    ).toBe(true);
  });

  it.each([
    '/',
    '/mypage/dashboard',
    '/mypage/news',
    '/inquiry',
    '/mypage/forum/detail/1',
    '/mypage/payment',
  ])('sends a company user from %s to the card form', (path) => {
    expect(evaluateRouteAccess(path, subject(user('company_owner'), { features: needsCard }))).toEqual(
      redirect('/mypage/payment/card/create', 'card_on_file'),
    );
  });

  it.each([
    '/login',
    '/logout',
    '/mypage/payment/card/create',
    '/mypage/payment/card/complate',
    '/page/rule',
    '/page/cookie_policy',
    '/mypage/forum/policy',
    '/mypage/mall/policy',
  ])('leaves %s open', (path) => {
    expect(evaluateRouteAccess(path, subject(user('company_owner'), { features: needsCard }))).toEqual(allow);
  });
});

describe('rules as data', () => {
  it('names each rule by a stable id, and every rule has paths', () => {
    for (const [id, rule] of Object.entries(ROUTE_RULES)) {
      expect(rule.paths.length, id).toBeGreaterThan(0);
      for (const path of rule.paths) expect(path.startsWith('/'), `${id}: ${path}`).toBe(true);
    }
  });

  it('evaluates one named rule for an API route', () => {
    expect(evaluateRule('user_switch', subject(user('bank_admin')))).toEqual(allow);
    expect(evaluateRule('user_switch', subject(user('branch_admin')))).toEqual(forbidden('user_switch'));
    expect(evaluateRule('user_switch', subject(null), '/admin/company/user')).toEqual(
      redirect('/login?r=%2Fadmin%2Fcompany%2Fuser', 'login'),
    );
    expect(evaluateRule('card_on_file', subject(null))).toEqual(allow);
  });

  it('lists the rules that apply to a path, in order', () => {
    expect(rulesForPath('/mypage/forum/form')).toEqual([
      'login',
      'bank_device',
      'bank_office_hours',
      'company_side',
      'card_on_file',
      'forum',
      'forum_agreement',
    ]);
  });

  it("opens each side's dashboard to every account type of that side", () => {
    for (const type of USER_TYPES) {
      const home = isBankUser(type) ? '/admin/dashboard' : '/mypage/dashboard';
      expect(evaluateRouteAccess(home, subject(user(type)))).toEqual(allow);
    }
  });
});

describe('menu offering', () => {
  it('hides pages a page rule denies, not pages a session rule redirects from', () => {
    const employee = subject(user('company_employee'), { forumAgreed: false });
    expect(isRouteOffered('/mypage/subsidy/applysupport', employee)).toBe(false);
    const owner = subject(user('company_owner'), { forumAgreed: false });
    expect(isRouteOffered('/mypage/forum', owner)).toBe(true);
    expect(isRouteOffered('/fukuri', owner)).toBe(true);
  });
});

describe('menus without denied pages', () => {
  it('drops entries whose page is denied and groups left empty, keeps the rest', () => {
    const menu = [
      { title: 'ダッシュボード', link: '/mypage/dashboard' },
      {
        title: '勤怠サービス',
        sub: [
          { title: '勤怠管理', link: '/mypage/chanto-attendance' },
          { title: '利用申請', link: '/mypage/chanto-attendance/application' },
        ],
      },
      { title: '補助金', sub: [{ title: '申請サポート', link: '/mypage/subsidy/applysupport' }] },
      { title: '福利厚生', link: 'https://fukuri.example.jp', target: '_blank' as const },
    ];
    const employee = subject(user('company_employee'));
    expect(withoutDeniedPages(menu, employee)).toEqual([
      { title: 'ダッシュボード', link: '/mypage/dashboard' },
      { title: '勤怠サービス', sub: [{ title: '利用申請', link: '/mypage/chanto-attendance/application' }] },
      { title: '福利厚生', link: 'https://fukuri.example.jp', target: '_blank' },
    ]);
  });
});
