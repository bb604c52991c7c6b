import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { bankPublicOrigin } from '#server/tenancy/public-origin.ts';
import type { Tenant } from '#server/tenancy/tenant.ts';
import { tenantAssetUrl } from '#server/web/public-app-config.ts';
import { escapeHtml } from '#server/web/escape-html.ts';

/** What a bank's mail says of the bank: its names, its portal, its logo and colour, whom to ask. */
export interface MailBank {
  code: string;
  bankName: string;
  serviceName: string;
  /** The portal's address from configuration (bankPublicOrigin), never the request's Host port. */
  portalUrl: string;
  logoUrl: string;
  /** The bank's main colour (its theme): the header rule and the button. */
  color: string;
  contact: { name: string; tel: string; email: string };
  /** The domain of the mail's Message-ID: the bank's first host. */
  domain: string;
}

/** A bank's mail at `origin`, one of its configured origins (bankPublicOrigin; mailBankOfRequest for a request's bank). */
export function mailBankOf(tenant: Tenant, origin: string): MailBank {
  const { config } = tenant;
  return {
    code: tenant.code,
    bankName: config.bank_name,
    serviceName: config.service_name,
    portalUrl: `${origin}/`,
    logoUrl: `${origin}${tenantAssetUrl(tenant, config.logo)}`,
    color: tenant.theme.colors.main,
    contact: config.contact,
    domain: config.hosts[0] ?? `bank${tenant.code}.invalid`,
  };
}

/**
 * The bank of a command's request, its links on the bank's configured origin: the host the request
 * came in on only when it is one of the bank's own, never its port (bankPublicOrigin).
 */
export function mailBankOfRequest(request: FastifyRequest): MailBank {
  return mailBankOf(request.tenant, bankPublicOrigin(request.tenant, request.server.config, request.host));
}

/** One mail's content, in Japanese: a domain writes this, the layout around it is the bank's. */
export interface MailContent {
  /** What the mail is (`registration.approved`): logged and counted; never the address or the text. */
  kind: string;
  to: string;
  /** Without the service name: the layout puts 【service name】 before it. */
  subject: string;
  /** The first line, the reader's name with 様. */
  greeting: string;
  /** Paragraphs of plain text; a paragraph's own line breaks are kept. */
  paragraphs: readonly string[];
  /** Labelled values set apart (ログインID, 申請番号). */
  details?: readonly { label: string; value: string }[];
  /** The one thing to do: a link (a button in HTML, the address on its own line in text). */
  action?: { label: string; url: string };
  /** Said after the action (how long a link is valid, what to do if the mail was not expected). */
  notes?: readonly string[];
}

/** A mail ready for the outbox: both parts rendered, its Message-ID fixed for every attempt. */
export interface RenderedMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

const SEND_ONLY_NOTICE =
  '※このメールは送信専用のアドレスから送信しています。ご返信いただいてもお答えできませんので、お問い合わせは下記までご連絡ください。';
const RULE = '────────────────────────────────';

function contactLines(bank: MailBank): string[] {
  return [bank.contact.name, `TEL：${bank.contact.tel}`, `メール：${bank.contact.email}`];
}

function renderText(bank: MailBank, content: MailContent): string {
  const blocks: string[] = [content.greeting, ...content.paragraphs];
  if (content.details?.length) {
    blocks.push(content.details.map(({ label, value }) => `■${label}：${value}`).join('\n'));
  }
  if (content.action) blocks.push(`▼${content.action.label}\n${content.action.url}`);
  if (content.notes?.length) blocks.push(content.notes.join('\n'));
  const footer = [
    RULE,
    `${bank.bankName} ${bank.serviceName}`,
    bank.portalUrl,
    '',
    SEND_ONLY_NOTICE,
    ...contactLines(bank),
    RULE,
  ];
  return `${blocks.join('\n\n')}\n\n${footer.join('\n')}\n`;
}

const paragraphHtml = (text: string) =>
  `<p style="margin:0 0 16px;line-height:1.7">${escapeHtml(text).replaceAll('\n', '<br>')}</p>`;

function renderHtml(bank: MailBank, content: MailContent): string {
  const color = escapeHtml(bank.color);
  const parts: string[] = [paragraphHtml(content.greeting), ...content.paragraphs.map(paragraphHtml)];
  if (content.details?.length) {
    const rows = content.details
      .map(
        ({ label, value }) =>
          `<tr><th style="text-align:left;padding:6px 12px;background:#f4f6f8;font-weight:bold;white-space:nowrap">${escapeHtml(label)}</th>` +
          `<td style="padding:6px 12px">${escapeHtml(value)}</td></tr>`,
      )
      .join('');
    parts.push(`<table style="border-collapse:collapse;margin:0 0 16px" role="presentation">${rows}</table>`);
  }
  if (content.action) {
    const href = escapeHtml(content.action.url);
    parts.push(
      `<p style="margin:24px 0"><a href="${href}" style="display:inline-block;padding:12px 24px;background:${color};color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold">${escapeHtml(content.action.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:12px;color:#555555;word-break:break-all">ボタンが押せない場合は、次のアドレスをブラウザに貼り付けてください。<br>${href}</p>`,
    );
  }
  if (content.notes?.length) parts.push(paragraphHtml(content.notes.join('\n')));
  const footer =
    `<p style="margin:0 0 8px"><a href="${escapeHtml(bank.portalUrl)}" style="color:${color}">${escapeHtml(`${bank.bankName} ${bank.serviceName}`)}</a></p>` +
    `<p style="margin:0 0 8px">${escapeHtml(SEND_ONLY_NOTICE)}</p>` +
    `<p style="margin:0">${contactLines(bank).map(escapeHtml).join('<br>')}</p>`;
  return [
    '<!doctype html>',
    '<html lang="ja"><head><meta charset="utf-8">',
    `<title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="margin:0;padding:0;background:#ffffff;color:#222222;font-family:sans-serif;font-size:15px">',
    `<div style="max-width:600px;margin:0 auto;padding:24px 16px">`,
    `<div style="border-bottom:3px solid ${color};padding-bottom:12px;margin-bottom:24px">`,
    `<img src="${escapeHtml(bank.logoUrl)}" alt="${escapeHtml(bank.bankName)}" height="40" style="height:40px;border:0"></div>`,
    ...parts,
    `<div style="border-top:1px solid #dddddd;margin-top:32px;padding-top:16px;font-size:12px;color:#555555">${footer}</div>`,
    '</div></body></html>',
  ].join('\n');
}

/** The bank's mail around a domain's content: subject 【service name】…, a text part and an HTML part. */
export function renderBankMail(bank: MailBank, content: MailContent): RenderedMail {
  const subject = `【${bank.serviceName}】${content.subject}`;
  return {
    kind: content.kind,
    to: content.to,
    subject,
    text: renderText(bank, content),
    html: renderHtml(bank, { ...content, subject }),
    messageId: `<${randomUUID()}@${bank.domain}>`,
  };
}
