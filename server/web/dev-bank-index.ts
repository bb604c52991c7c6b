import type { Tenant } from '../tenancy/tenant.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * Outside production, http://localhost:3000 lists every bank's development host, so a developer
 * who just ran `npm start` has somewhere to click. Production answers that host with the 404 page.
 */
export function renderDevBankIndex(tenants: readonly Tenant[], port: string): string {
  const rows = [...tenants]
    .sort((a, b) => a.code.localeCompare(b.code))
    .map((tenant) => {
      const href = `http://bank${tenant.code}.localhost${port ? `:${port}` : ''}/`;
      return `<li><a href="${escapeHtml(href)}">${escapeHtml(tenant.code)} ${escapeHtml(tenant.config.bank_name)}（${escapeHtml(tenant.config.service_name)}）</a></li>`;
    });
  return `<!doctype html>
<html lang="ja">
<head><meta charset="utf-8"><meta name="robots" content="noindex"><title>開発用：金融機関一覧</title></head>
<body>
<h1>開発用：金融機関一覧</h1>
<p>各金融機関は http://bank{金融機関コード}.localhost で開けます（本番環境ではこのページは表示されません）。</p>
<ul>
${rows.join('\n')}
</ul>
</body>
</html>
`;
}
