import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ThemeName } from '../contracts/theme-tokens.ts';
import { japaneseIssueMessages, zodIssuesToProblems, type ConfigProblem } from './config-problem.ts';
import { devHostBankCode } from './host.ts';
import { readConfigFile, isMissingFile } from './read-config-file.ts';
import type { Tenant } from './tenant.ts';
import { tenantSchema, type TenantConfig } from './tenant-file-schema.ts';
import { contrastReason, UNSAFE_CSS_REASON, type LoadedTheme } from './theme-file.ts';
import { findContrastFailures, findUnsafeCssValue, resolveTheme } from './theme.ts';

/**
 * Where one bank lives in tenants/: either a folder `tenants/{code}/tenant.json` with its logo and
 * favicon beside it, or a single file `tenants/{code}.json` whose logo and favicon are in
 * `tenants/{code}/`. `name` is the code the file name promises; the file's `code` must equal it.
 */
export type TenantSource = { name: string; file: string; assetsDir: string };

export type TenantLoadResult = { ok: true; tenant: Tenant } | { ok: false; problems: ConfigProblem[] };

/** The demo and test banks: never indexed by search engines (spec sections 1 and 9), so their file must say so. */
export const NOINDEX_BANK_CODES: readonly string[] = ['9980', '9998'];

/** The file name of a bank kept as a folder. */
export const TENANT_FILE_IN_FOLDER = 'tenant.json';

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Content hash over every byte that shapes what a bank looks like; length-prefixed so parts cannot blur. */
function revisionOf(parts: readonly Buffer[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(`${part.length}:`).update(part);
  return hash.digest('hex').slice(0, 16);
}

async function readAsset(
  source: TenantSource,
  field: 'logo' | 'favicon',
  fileName: string,
): Promise<{ ok: true; content: Buffer } | { ok: false; problem: ConfigProblem }> {
  const assetPath = path.join(source.assetsDir, fileName);
  try {
    return { ok: true, content: await readFile(assetPath) };
  } catch (error) {
    const shown = `${path.basename(source.assetsDir)}/${fileName}`;
    const reason = isMissingFile(error)
      ? `${fileName} がフォルダ ${path.basename(source.assetsDir)}/ にありません`
      : `${shown} を読み込めません（${error instanceof Error ? error.message : String(error)}）`;
    return { ok: false, problem: { file: source.file, field, reason } };
  }
}

/** Checks that the schema cannot express: the file's name, dev hosts, noindex banks, repeated hosts. */
function checkConfigRules(source: TenantSource, config: TenantConfig): ConfigProblem[] {
  const { file } = source;
  const problems: ConfigProblem[] = [];
  if (config.code !== source.name) {
    problems.push({
      file,
      field: 'code',
      reason: `ファイル名（フォルダ名）「${source.name}」と code「${config.code}」が一致しません`,
    });
  }
  config.hosts.forEach((host, index) => {
    if (devHostBankCode(host) !== undefined) {
      problems.push({
        file,
        field: `hosts.${index}`,
        reason: `${host} は開発用ホストです。開発環境では bank{code}.localhost が自動で使えるため指定しないでください`,
      });
    }
    if (config.hosts.indexOf(host) !== index) {
      problems.push({ file, field: `hosts.${index}`, reason: `ホスト ${host} が重複しています` });
    }
  });
  if (NOINDEX_BANK_CODES.includes(config.code) && !config.noindex) {
    problems.push({
      file,
      field: 'noindex',
      reason: `金融機関コード ${config.code} は検索エンジンに載せない銀行です。noindex を true にしてください`,
    });
  }
  return problems;
}

/**
 * Reads and checks one bank: JSON, tenant schema, name = code, hosts, logo and favicon present, theme
 * with overrides reaching WCAG AA on every pair. Host uniqueness across banks is checked by the caller,
 * which sees all of them.
 */
export async function loadTenantSource(
  source: TenantSource,
  themes: ReadonlyMap<ThemeName, LoadedTheme>,
): Promise<TenantLoadResult> {
  const { file } = source;
  const read = await readConfigFile(file);
  if (!read.ok) return read;

  const parsed = tenantSchema.safeParse(read.json, { error: japaneseIssueMessages });
  if (!parsed.success)
    return { ok: false, problems: zodIssuesToProblems(file, parsed.error.issues, read.json) };
  const config = parsed.data;

  const problems = checkConfigRules(source, config);

  const [logo, favicon] = await Promise.all([
    readAsset(source, 'logo', config.logo),
    readAsset(source, 'favicon', config.favicon),
  ]);
  if (!logo.ok) problems.push(logo.problem);
  if (!favicon.ok) problems.push(favicon.problem);

  const baseTheme = themes.get(config.theme.name);
  if (!baseTheme) {
    problems.push({
      file,
      field: 'theme.name',
      reason: `テーマ ${config.theme.name} を読み込めません（themes/${config.theme.name}.json を確認してください）`,
    });
    return { ok: false, problems };
  }
  const overrides = config.theme.overrides;
  const theme = resolveTheme(baseTheme.tokens, overrides);
  for (const failure of findContrastFailures(theme)) {
    // Name the override that broke the pair; the theme file itself is checked on its own.
    const overridden = [failure.text, failure.background].find(
      (token) => overrides.colors?.[token] !== undefined,
    );
    problems.push({
      file,
      field: overridden ? `theme.overrides.colors.${overridden}` : 'theme.name',
      reason: contrastReason(theme, failure),
    });
  }
  const unsafe = findUnsafeCssValue(theme);
  if (unsafe) problems.push({ file, field: `theme.overrides.${unsafe.field}`, reason: UNSAFE_CSS_REASON });

  if (problems.length > 0 || !logo.ok || !favicon.ok) return { ok: false, problems };

  return {
    ok: true,
    tenant: deepFreeze({
      code: config.code,
      config,
      theme,
      assetsDir: source.assetsDir,
      revision: revisionOf([read.content, baseTheme.content, logo.content, favicon.content]),
    }),
  };
}
