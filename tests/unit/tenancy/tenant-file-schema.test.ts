import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { japaneseIssueMessages, zodIssuesToProblems } from '#server/tenancy/config-problem.ts';
import { tenantSchema } from '#server/tenancy/tenant-file-schema.ts';

const FIXTURE = new URL('./fixtures/valid-tenant.json', import.meta.url);
const validTenant = (): Record<string, unknown> => JSON.parse(readFileSync(FIXTURE, 'utf8'));

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every field path of the fixture, objects and arrays included: `contact`, `contact.tel`, `hosts.0`, ... */
function fieldPaths(value: Json, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object') return [];
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  return entries.flatMap(([key, child]) => [[...prefix, key], ...fieldPaths(child, [...prefix, key])]);
}

function withChange(path: string[], change: (parent: Record<string, unknown>, key: string) => void) {
  const tenant = validTenant();
  let parent = tenant as Record<string, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
  change(parent, path.at(-1)!);
  return tenant;
}

function problemFields(input: unknown) {
  const result = tenantSchema.safeParse(input, { error: japaneseIssueMessages });
  return result.success ? [] : zodIssuesToProblems('tenant.json', result.error.issues, input);
}

const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;

// Fields a file may leave out: the editor hint, fields with defaults, and every single theme override.
const OPTIONAL = [
  /^\$schema$/,
  /^noindex$/,
  /^theme\.overrides(\..*)?$/,
  /^bank_staff_access\.office_hours\.time_zone$/,
];

function wrongTypeFor(value: unknown): unknown {
  if (typeof value === 'string') return 12345;
  if (typeof value === 'number') return '12';
  if (typeof value === 'boolean') return 'yes';
  if (Array.isArray(value)) return 'not-a-list';
  return 'not-an-object';
}

const fixturePaths = fieldPaths(validTenant() as Json);
const pathsOutsideArrays = fixturePaths.filter((path) => !path.some((key) => /^\d+$/.test(key)));

describe('the tenant file schema', () => {
  it('accepts the valid fixture', () => {
    expect(problemFields(validTenant())).toEqual([]);
  });

  it.each(
    pathsOutsideArrays
      .filter((path) => !OPTIONAL.some((rule) => rule.test(path.join('.'))))
      .map((p) => p.join('.')),
  )('refuses a file without %s, naming that field in Japanese', (field) => {
    const problems = problemFields(withChange(field.split('.'), (parent, key) => delete parent[key]));
    const problem = problems.find((p) => p.field === field);
    expect(problem, JSON.stringify(problems)).toBeDefined();
    expect(problem?.reason).toBe('必須入力項目です');
  });

  it.each(fixturePaths.map((p) => p.join('.')))(
    'refuses a value of the wrong type in %s, naming that field',
    (field) => {
      const problems = problemFields(
        withChange(field.split('.'), (parent, key) => {
          parent[key] = wrongTypeFor(parent[key]);
        }),
      );
      const problem = problems.find((p) => p.field === field);
      expect(problem, JSON.stringify(problems)).toBeDefined();
      expect(problem?.reason).toMatch(JAPANESE);
    },
  );

  const badFormats: Array<[string, unknown]> = [
    ['code', '182'],
    ['code', '01820'],
    ['bank_name', ''],
    ['bank_name', 'あ'.repeat(41)],
    ['ba_name', ''],
    ['service_name', ''],
    ['system_prefix', 'Nishiki'],
    ['system_prefix', '1bank'],
    ['hosts', []],
    ['hosts.0', 'Portal.Example.jp'],
    ['hosts.0', 'portal.example.jp:443'],
    ['hosts.0', 'https://portal.example.jp'],
    ['contact.name', ''],
    ['contact.tel', '0312345678'],
    ['contact.email', 'support@'],
    ['theme.name', 'midnight'],
    ['theme.overrides.colors.main', 'red'],
    ['theme.overrides.colors.main', '#12345'],
    ['theme.overrides.typography.fontFamily', ''],
    ['theme.overrides.radii.md', '4'],
    ['theme.overrides.radii.sm', 'calc(1px + 2px)'],
    ['logo', '../0182/logo.svg'],
    ['logo', 'logo.gif'],
    ['favicon', 'favicon'],
    ['ga_id', 'UA-12345-1'],
    ['gtm_id', 'GTM-'],
    ['urls.url', 'not a url'],
    ['urls.privacy_url', 'ftp://example.jp/privacy'],
    ['urls.cookie_policy_url', 'javascript:alert(1)'],
    ['oidc.issuer', 'localhost:3001'],
    ['oidc.client_id', ''],
    ['oidc.client_secret_env', 'the-secret-itself'],
    ['new_badge_periods.payment.value', 0],
    ['new_badge_periods.payment.value', 1.5],
    ['new_badge_periods.payment.unit', 'weeks'],
    ['bank_staff_access.ip_allowlist.0', '203.0.113.0/33'],
    ['bank_staff_access.ip_allowlist.0', 'intranet'],
    ['bank_staff_access.office_hours.weekdays', []],
    ['bank_staff_access.office_hours.weekdays.0', 7],
    ['bank_staff_access.office_hours.start', '8:00'],
    ['bank_staff_access.office_hours.end', '24:00'],
    ['bank_staff_access.office_hours.time_zone', 'UTC'],
    ['bank_staff_access.office_hours.off_hours_message', ''],
    ['succession_apply_categories.0', ''],
    ['copyright', ''],
    ['card_brands.0', 'Discover'],
    ['registration_variants.0', 'register'],
    ['registration_variants', ['ba', 'ba']],
    ['babank.code', '12'],
    ['babank.name', ''],
  ];

  it.each(badFormats)('refuses a badly formed %s (%j), naming that field in Japanese', (field, value) => {
    const problems = problemFields(
      withChange(field.split('.'), (parent, key) => {
        parent[key] = value;
      }),
    );
    const problem = problems.find((p) => p.field === field);
    expect(problem, JSON.stringify(problems)).toBeDefined();
    expect(problem?.reason).toMatch(JAPANESE);
  });

  it('names a misspelt or unknown field', () => {
    const problems = problemFields(
      withChange(['features', 'enable_forum'], (parent) => {
        parent.enable_froum = true;
      }),
    );
    expect(problems).toContainEqual(
      expect.objectContaining({ field: 'features.enable_froum', reason: expect.stringMatching(JAPANESE) }),
    );
  });

  it('fills the defaults an operator may leave out', () => {
    const tenant = withChange(['noindex'], (parent, key) => delete parent[key]);
    delete (tenant.theme as Record<string, unknown>).overrides;
    const parsed = tenantSchema.parse(tenant);
    expect(parsed.noindex).toBe(false);
    expect(parsed.theme.overrides).toEqual({});
  });

  it('allows null for the analytics ids, the cookie policy, the office hours and the partner bank', () => {
    const tenant = validTenant() as Record<string, Record<string, unknown>>;
    tenant.ga_id = null as never;
    tenant.gtm_id = null as never;
    tenant.urls!.cookie_policy_url = null;
    tenant.bank_staff_access!.office_hours = null;
    tenant.babank = null as never;
    expect(problemFields(tenant)).toEqual([]);
  });
});
