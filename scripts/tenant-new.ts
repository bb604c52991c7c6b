import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as prettier from 'prettier';
import { THEME_NAMES, themeNameSchema } from '../server/contracts/theme-tokens.ts';
import {
  displayPath,
  formatProblem,
  japaneseIssueMessages,
  zodIssuesToProblems,
} from '../server/tenancy/config-problem.ts';
import { normalizeHost } from '../server/tenancy/host.ts';
import { loadTenantDirectory } from '../server/tenancy/tenant-directory.ts';
import { TENANT_FILE_IN_FOLDER } from '../server/tenancy/tenant-file.ts';
import { scaffoldBrandAssets, scaffoldTenantFile } from '../server/tenancy/tenant-scaffold.ts';
import { tenantSchema } from '../server/tenancy/tenant-file-schema.ts';
import { loadThemeFile } from '../server/tenancy/theme-file.ts';

// npm run tenant:new -- --code 0123 --name 〇〇銀行 [--theme sky] [--host portal.example-bank.example.jp ...]
// Scaffolds tenants/{code}/ (tenant.json, logo.svg, favicon.svg), then checks every bank as tenant:check does.
// --dir / --themes-dir point at other folders (tests).
const { values } = parseArgs({
  options: {
    code: { type: 'string' },
    name: { type: 'string' },
    theme: { type: 'string', default: 'ocean' },
    host: { type: 'string', multiple: true },
    dir: { type: 'string' },
    'themes-dir': { type: 'string' },
  },
});

function refuse(message: string): never {
  console.error(message);
  process.exit(1);
}

const tenantsDir = path.resolve(values.dir ?? fileURLToPath(new URL('../tenants', import.meta.url)));
const themesDir = path.resolve(values['themes-dir'] ?? fileURLToPath(new URL('../themes', import.meta.url)));
const code = values.code ?? refuse('金融機関コードを --code で指定してください（例: --code 0123）');
if (!/^\d{4}$/.test(code)) refuse(`金融機関コード「${code}」は4桁の数字ではありません（例: --code 0123）`);
const bankName =
  values.name?.trim() || refuse('銀行名を --name で指定してください（例: --name みなと中央銀行）');
const themeName = themeNameSchema.safeParse(values.theme);
if (!themeName.success)
  refuse(`テーマ「${values.theme}」はありません。${THEME_NAMES.join(' / ')} から選んでください`);

const folder = path.join(tenantsDir, code);
if (existsSync(folder) || existsSync(path.join(tenantsDir, `${code}.json`))) {
  refuse(
    `金融機関コード ${code} の銀行はすでにあります（${folder}）。別のコードを指定するか、既存のファイルを編集してください`,
  );
}

const tenantFile = path.join(folder, TENANT_FILE_IN_FOLDER);
const hosts = values.host?.map((host) => normalizeHost(host) ?? host);
const draft = scaffoldTenantFile({ code, bankName, theme: themeName.data, hosts });
const parsed = tenantSchema.safeParse(draft, { error: japaneseIssueMessages });
if (!parsed.success) {
  // Nothing is written: the options given (a host, the name) do not make a valid bank.
  for (const problem of zodIssuesToProblems(tenantFile, parsed.error.issues, draft))
    console.error(formatProblem(problem));
  refuse('指定された内容では銀行を作成できません。上の項目を直して、もう一度実行してください');
}

const existing = await loadTenantDirectory({ tenantsDir, themesDir });
for (const host of draft.hosts) {
  const holder = existing.tenants.find((tenant) => tenant.config.hosts.includes(host));
  if (holder)
    refuse(
      `ホスト ${host} は金融機関コード ${holder.code} の銀行がすでに使っています。--host で別のホストを指定してください`,
    );
}

const theme = await loadThemeFile(themesDir, themeName.data);
if (!theme.ok) {
  for (const problem of theme.problems) console.error(formatProblem(problem, process.cwd()));
  refuse(`テーマ ${themeName.data} を読み込めないため、ロゴを作成できません`);
}
const { logoSvg, faviconSvg } = scaffoldBrandAssets(bankName, themeName.data, theme.theme.tokens);

const prettierOptions = (await prettier.resolveConfig(tenantFile)) ?? {};
const json = await prettier.format(JSON.stringify(draft), { ...prettierOptions, parser: 'json' });
await mkdir(folder, { recursive: true });
await writeFile(tenantFile, json);
await writeFile(path.join(folder, draft.logo), logoSvg);
await writeFile(path.join(folder, draft.favicon), faviconSvg);
console.log(
  `${displayPath(folder, process.cwd())}/ を作成しました（${TENANT_FILE_IN_FOLDER}, ${draft.logo}, ${draft.favicon}）`,
);

const { tenants, problems } = await loadTenantDirectory({ tenantsDir, themesDir });
if (problems.length > 0) {
  for (const problem of problems) console.log(formatProblem(problem, process.cwd()));
  console.log(`\n${problems.length} 件の問題があります。直してから npm run tenant:check を実行してください`);
  process.exitCode = 1;
} else {
  console.log(`チェック済み: ${tenants.length} 行の設定はすべて正しいです`);
  console.log(
    [
      '',
      '次の作業:',
      `  1. ${displayPath(tenantFile, process.cwd())} の hosts・contact・urls（example.jp の仮の値）を本番の値にする`,
      `  2. 環境変数 ${draft.oidc.client_secret_env} に OIDC のクライアントシークレットを設定する（ファイルには書かない）`,
      `  3. 必要な機能（features）を true にし、logo.svg / favicon.svg を銀行のものに差し替える`,
      '  4. npm run tenant:check — 実行中のゲートウェイは 2 秒以内に新しい銀行を読み込みます',
    ].join('\n'),
  );
}
