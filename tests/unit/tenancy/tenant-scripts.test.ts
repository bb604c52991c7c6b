import { execFile } from 'node:child_process';
import { readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyOfTenants, ROOT_DIR } from './tenant-folders.ts';

type Run = { exitCode: number; stdout: string; stderr: string };

/** Runs a script of scripts/ the way `npm run` does: the same Node, from the repository root. */
function runScript(script: string, args: readonly string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(ROOT_DIR, 'scripts', script), ...args],
      { cwd: ROOT_DIR },
      (error, stdout, stderr) => {
        resolve({ exitCode: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

let copy: Awaited<ReturnType<typeof copyOfTenants>> | undefined;
afterEach(async () => {
  await copy?.remove();
  copy = undefined;
});

describe('npm run tenant:check', () => {
  it('passes the committed tenants and themes, saying how many banks are valid', async () => {
    const run = await runScript('tenant-check.ts', []);
    expect(run.stdout).toContain('14 行の設定はすべて正しいです');
    expect(run.exitCode).toBe(0);
  });

  it('prints file: field: reason for every problem of a broken copy and exits 1', async () => {
    copy = await copyOfTenants(['0182', '0158', '9980']);
    const file = (code: string) => path.join(copy!.tenantsDir, code, 'tenant.json');
    const broken = JSON.parse(await readFile(file('0158'), 'utf8'));
    broken.contact.email = 'support@';
    broken.features.enable_froum = true;
    await writeFile(file('0158'), JSON.stringify(broken));
    const stolenHost = JSON.parse(await readFile(file('9980'), 'utf8'));
    stolenHost.hosts = ['portal.shiosai-bank.example.jp'];
    await writeFile(file('9980'), JSON.stringify(stolenHost));

    const run = await runScript('tenant-check.ts', [
      '--dir',
      copy.tenantsDir,
      '--themes-dir',
      copy.themesDir,
    ]);
    expect(run.exitCode).toBe(1);
    const lines = run.stdout.split('\n');
    expect(lines).toContain(`${file('0158')}: contact.email: メールアドレスが正しくありません`);
    expect(lines).toContain(
      `${file('0158')}: features.enable_froum: 定義されていない項目です（綴りを確認してください）`,
    );
    expect(lines).toContain(
      `${file('9980')}: hosts.0: ホスト portal.shiosai-bank.example.jp は金融機関コード 0182 の銀行がすでに使っています`,
    );
    expect(run.stdout).toContain('3 件の問題があります');
  });

  it('names a missing logo, a misnamed folder and a theme that fails contrast', async () => {
    copy = await copyOfTenants(['0182', '0158']);
    await rm(path.join(copy.tenantsDir, '0182', 'logo.svg'));
    await rename(path.join(copy.tenantsDir, '0158'), path.join(copy.tenantsDir, '0159'));
    const themeFile = path.join(copy.themesDir, 'sky.json');
    const sky = JSON.parse(await readFile(themeFile, 'utf8'));
    sky.tokens.colors.textMuted = '#AAAAAA';
    await writeFile(themeFile, JSON.stringify(sky));

    const run = await runScript('tenant-check.ts', [
      '--dir',
      copy.tenantsDir,
      '--themes-dir',
      copy.themesDir,
    ]);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain(
      `${path.join(copy.tenantsDir, '0182', 'tenant.json')}: logo: logo.svg がフォルダ 0182/ にありません`,
    );
    expect(run.stdout).toContain(
      `${path.join(copy.tenantsDir, '0159', 'tenant.json')}: code: ファイル名（フォルダ名）「0159」と code「0158」が一致しません`,
    );
    expect(run.stdout).toMatch(
      /sky\.json: tokens\.colors\.textMuted: 背景 surface（#FFFFFF）と文字 textMuted（#AAAAAA）のコントラスト比 2\.\d+:1/,
    );
  });
});

describe('npm run tenant:new', () => {
  it('scaffolds a valid bank with a logo and favicon made from its name', async () => {
    copy = await copyOfTenants(['0182']);
    const run = await runScript('tenant-new.ts', [
      ...['--dir', copy.tenantsDir, '--themes-dir', copy.themesDir],
      ...[
        '--code',
        '0777',
        '--name',
        'みなと中央銀行',
        '--theme',
        'forest',
        '--host',
        'portal.minatochuo-bank.example.jp',
      ],
    ]);
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    const folder = path.join(copy.tenantsDir, '0777');
    expect((await readdir(folder)).sort()).toEqual(['favicon.svg', 'logo.svg', 'tenant.json']);
    const tenant = JSON.parse(await readFile(path.join(folder, 'tenant.json'), 'utf8'));
    expect(tenant).toMatchObject({
      code: '0777',
      bank_name: 'みなと中央銀行',
      hosts: ['portal.minatochuo-bank.example.jp'],
      theme: { name: 'forest' },
      oidc: { client_id: 'portal-bank0777', client_secret_env: 'OIDC_CLIENT_SECRET_0777' },
    });
    const logo = await readFile(path.join(folder, 'logo.svg'), 'utf8');
    expect(logo).toContain('みなと中央');
    expect(logo).toContain('#2E6B3F');
    expect(await readFile(path.join(folder, 'favicon.svg'), 'utf8')).toContain('>み</text>');

    const check = await runScript('tenant-check.ts', [
      '--dir',
      copy.tenantsDir,
      '--themes-dir',
      copy.themesDir,
    ]);
    expect(check.stdout).toContain('2 行の設定はすべて正しいです');
  });

  it.each([
    [['--code', '0182', '--name', '二重銀行'], '金融機関コード 0182 の銀行はすでにあります'],
    [['--code', '182', '--name', '短い銀行'], '金融機関コード「182」は4桁の数字ではありません'],
    [['--name', 'コードなし銀行'], '金融機関コードを --code で指定してください'],
    [['--code', '0778'], '銀行名を --name で指定してください'],
    [['--code', '0778', '--name', '夜空銀行', '--theme', 'midnight'], 'テーマ「midnight」はありません'],
    [
      ['--code', '0778', '--name', '重複銀行', '--host', 'portal.shiosai-bank.example.jp'],
      'ホスト portal.shiosai-bank.example.jp は金融機関コード 0182 の銀行がすでに使っています',
    ],
  ])('refuses %j with a clear message and writes nothing', async (args, message) => {
    copy = await copyOfTenants(['0182']);
    const run = await runScript('tenant-new.ts', [
      '--dir',
      copy.tenantsDir,
      '--themes-dir',
      copy.themesDir,
      ...args,
    ]);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain(message);
    expect(await readdir(copy.tenantsDir)).toEqual(['0182']);
  });
});
