import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { create as parseFont, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import { formatMonth, formatYen } from '#server/contracts/charge-format.ts';
import { CHARGE_KIND_LABELS } from '#server/contracts/company-charges.ts';
import { CANCELLED_CHARGE_STATUS } from '#server/contracts/company-detail.ts';
import type { StatementAddressee, StatementMonth } from './usage-statement-queries.ts';

/**
 * The usage statement (ご利用明細書) of one month as a PDF (decision 0086): pdfkit draws it with
 * BIZ UDPGothic (SIL Open Font License 1.1), which the npm package @expo-google-fonts/biz-udpgothic
 * ships as TrueType files, so the gateway needs no download and no system font. pdfkit embeds only
 * the glyphs the statement uses (a subset: a statement weighs about 40 KB, not the font's 4.5 MB).
 */

// ---------------------------------------------------------------------------------------------
// The font

const fontPackage = createRequire(import.meta.url);
const FONT_FILES = {
  regular: fontPackage.resolve('@expo-google-fonts/biz-udpgothic/400Regular/BIZUDPGothic_400Regular.ttf'),
  bold: fontPackage.resolve('@expo-google-fonts/biz-udpgothic/700Bold/BIZUDPGothic_700Bold.ttf'),
} as const;

/** The statement's two weights, parsed (fontkit). */
export type StatementFonts = Record<keyof typeof FONT_FILES, Font>;

async function readStatementFont(file: string): Promise<Font> {
  const font = parseFont(await readFile(file));
  if (!('layout' in font)) throw new Error(`${file} is a font collection, not a font`);
  return font;
}

/**
 * The statement's fonts, read and parsed once, on the first statement asked for (not at start-up:
 * most gateways never draw one), and shared by every statement after it. pdfkit takes a parsed
 * font as it takes the file's bytes; parsing the 4.5 MB files (their glyph tables, which fontkit
 * reads on first use and keeps) cost each statement about 30 ms per weight. Each document makes its
 * own subset of the shared font, and drawing is synchronous, so statements never share one.
 */
export function statementFontLoader(): () => Promise<StatementFonts> {
  let loading: Promise<StatementFonts> | undefined;
  return () => {
    loading ??= Promise.all([readStatementFont(FONT_FILES.regular), readStatementFont(FONT_FILES.bold)]).then(
      ([regular, bold]) => ({ regular, bold }),
      (error: unknown) => {
        // A failed read is tried again by the next statement rather than remembered.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
}

// ---------------------------------------------------------------------------------------------
// The statement

/** What the statement states: who issues it, to whom, which month, and on which day. */
export interface UsageStatementContent {
  bank: {
    name: string;
    serviceName: string;
    contactName: string;
    contactTel: string;
  };
  addressee: StatementAddressee;
  month: StatementMonth;
  /** The day it is issued, in Japan (YYYY-MM-DD). */
  issuedOn: string;
}

/** `2026-05-03` → `2026年5月3日`. */
function japaneseDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return `${year}年${month}月${date}日`;
}

/** The address as the envelope writes it: 〒 and the post code, then the lines that are there. */
function addressLines(addressee: StatementAddressee): string[] {
  const postCode = addressee.company_post_code?.trim();
  const street = [addressee.prefecture_name, addressee.company_address1, addressee.company_address2]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join('');
  const building = addressee.company_address3?.trim();
  return [postCode ? `〒${postCode}` : '', street ?? '', building ?? ''].filter((line) => line !== '');
}

/** The full-width space (U+3000) that sets a label off from its value: 発行日, the space, the day. */
const WIDE_SPACE = '\u3000';

/** The margin on every side of the A4 page, in points. */
const MARGIN = 50;
const COLOURS = { text: '#212121', muted: '#616161', rule: '#9E9E9E', band: '#EEEEEE' } as const;

/** The charges' table: its columns left to right (x from the left margin, width in points). */
const COLUMNS = {
  kind: { x: 0, width: 90, label: '種別' },
  note: { x: 90, width: 205, label: '内容' },
  status: { x: 295, width: 85, label: '状態' },
  amount: { x: 380, width: 115, label: '金額' },
} as const;
const CELL_PADDING = 5;
const TABLE_FONT_SIZE = 10;

type Doc = PDFKit.PDFDocument;

/** Draws the table's heading row at the current position. */
function drawTableHeading(doc: Doc): void {
  const top = doc.y;
  const height = TABLE_FONT_SIZE + CELL_PADDING * 2 + 2;
  doc.rect(MARGIN, top, COLUMNS.amount.x + COLUMNS.amount.width, height).fill(COLOURS.band);
  doc.fillColor(COLOURS.text).font('bold').fontSize(TABLE_FONT_SIZE);
  for (const column of Object.values(COLUMNS)) {
    doc.text(column.label, MARGIN + column.x + CELL_PADDING, top + CELL_PADDING + 1, {
      width: column.width - CELL_PADDING * 2,
      align: column === COLUMNS.amount ? 'right' : 'left',
      lineBreak: false,
    });
  }
  doc.y = top + height;
  doc.x = MARGIN;
}

/** A horizontal rule across the table at `y`. */
function rule(doc: Doc, y: number, weight = 0.5): void {
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + COLUMNS.amount.x + COLUMNS.amount.width, y)
    .lineWidth(weight)
    .strokeColor(COLOURS.rule)
    .stroke();
}

/** One row of the table; a row that does not fit goes to a new page, under the heading again. */
function drawChargeRow(doc: Doc, cells: Record<keyof typeof COLUMNS, string>): void {
  doc.font('regular').fontSize(TABLE_FONT_SIZE);
  const heights = (Object.keys(COLUMNS) as (keyof typeof COLUMNS)[]).map((key) =>
    doc.heightOfString(cells[key], { width: COLUMNS[key].width - CELL_PADDING * 2 }),
  );
  const height = Math.max(...heights) + CELL_PADDING * 2;
  if (doc.y + height > doc.page.height - MARGIN) {
    doc.addPage();
    drawTableHeading(doc);
    doc.font('regular').fontSize(TABLE_FONT_SIZE);
  }
  const top = doc.y;
  doc.fillColor(COLOURS.text);
  for (const key of Object.keys(COLUMNS) as (keyof typeof COLUMNS)[]) {
    const column = COLUMNS[key];
    doc.text(cells[key], MARGIN + column.x + CELL_PADDING, top + CELL_PADDING, {
      width: column.width - CELL_PADDING * 2,
      align: key === 'amount' ? 'right' : 'left',
    });
  }
  rule(doc, top + height);
  doc.y = top + height;
  doc.x = MARGIN;
}

/**
 * Draws the month's statement: the title and the day it was issued; the company's name and address
 * on the left (as a window envelope shows them) and the bank on the right; the month's total; the
 * entries with their kind, the bank's note, status and amount; the total; and what the amounts are.
 * Answers the PDF's bytes.
 */
export async function renderUsageStatementPdf(
  fonts: StatementFonts,
  content: UsageStatementContent,
): Promise<Buffer> {
  const { bank, addressee, month, issuedOn } = content;
  const monthName = formatMonth(month.month);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: 'ja-JP',
    displayTitle: true,
    info: {
      Title: `ご利用明細書（${monthName}分）`,
      Author: bank.name,
      Subject: `${addressee.company_name} 様 ${monthName}分のご利用明細`,
      CreationDate: new Date(),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  // pdfkit 0.20 takes a fontkit font as a source (PDFFontFactory.open); its types name bytes only.
  doc.registerFont('regular', fonts.regular as unknown as Buffer);
  doc.registerFont('bold', fonts.bold as unknown as Buffer);
  const width = doc.page.width - MARGIN * 2;

  // Title, and the day of issue at the right.
  doc.fillColor(COLOURS.text).font('bold').fontSize(20).text('ご利用明細書', MARGIN, MARGIN, {
    width,
    align: 'center',
  });
  doc.moveDown(0.5);
  doc.font('regular').fontSize(9).fillColor(COLOURS.muted);
  doc.text(`発行日${WIDE_SPACE}${japaneseDay(issuedOn)}`, { width, align: 'right' });
  doc.text(`対象月${WIDE_SPACE}${monthName}分`, { width, align: 'right' });
  doc.moveDown(1);

  // The company at the left, the bank at the right, side by side.
  const blockTop = doc.y;
  const leftWidth = 270;
  const rightX = MARGIN + 300;
  const rightWidth = width - 300;
  doc.fillColor(COLOURS.text).font('regular').fontSize(10);
  for (const line of addressLines(addressee)) doc.text(line, MARGIN, doc.y, { width: leftWidth });
  doc.moveDown(0.4);
  doc
    .font('bold')
    .fontSize(13)
    .text(`${addressee.company_name}${WIDE_SPACE}御中`, MARGIN, doc.y, { width: leftWidth });
  const leftBottom = doc.y;

  doc.font('bold').fontSize(12).text(bank.name, rightX, blockTop, { width: rightWidth });
  doc.font('regular').fontSize(9).text(bank.serviceName, rightX, doc.y, { width: rightWidth });
  doc.moveDown(0.4);
  doc.fillColor(COLOURS.muted).text('お問い合わせ', rightX, doc.y, { width: rightWidth });
  doc.fillColor(COLOURS.text).text(bank.contactName, rightX, doc.y, { width: rightWidth });
  doc.text(`TEL ${bank.contactTel}`, rightX, doc.y, { width: rightWidth });
  doc.y = Math.max(leftBottom, doc.y) + 24;
  doc.x = MARGIN;

  // The month's total, in a band.
  doc.font('regular').fontSize(10).text(`${monthName}分のご利用明細をお知らせいたします。`, MARGIN, doc.y, {
    width,
  });
  doc.moveDown(0.8);
  const bandTop = doc.y;
  doc.rect(MARGIN, bandTop, width, 34).fill(COLOURS.band);
  doc.fillColor(COLOURS.text).font('bold').fontSize(13);
  doc.text(`ご利用金額合計（${monthName}分）`, MARGIN + 12, bandTop + 10, {
    width: width / 2,
    lineBreak: false,
  });
  doc.text(formatYen(month.total), MARGIN + width / 2, bandTop + 10, {
    width: width / 2 - 12,
    align: 'right',
    lineBreak: false,
  });
  doc.y = bandTop + 34 + 20;
  doc.x = MARGIN;

  // The entries.
  drawTableHeading(doc);
  for (const charge of month.charges) {
    drawChargeRow(doc, {
      kind: CHARGE_KIND_LABELS[charge.charge_kind],
      note: charge.charge_note?.trim() || '—',
      status: charge.charge_status_name,
      amount: formatYen(charge.charge_amount),
    });
  }
  rule(doc, doc.y, 1);
  doc.moveDown(0.5);
  doc.font('bold').fontSize(11);
  doc.text(`合計${WIDE_SPACE}${formatYen(month.total)}`, MARGIN, doc.y, { width, align: 'right' });
  doc.moveDown(1.5);

  // What the amounts are: the bank's own figures; nothing is computed here.
  doc.font('regular').fontSize(8.5).fillColor(COLOURS.muted);
  const cancelled = month.charges.find((charge) => charge.charge_status === CANCELLED_CHARGE_STATUS);
  const notes = [
    `※ 金額は、${bank.name}が登録したご利用料金（円）をそのまま記載しています。消費税の内訳は記載していません。`,
    ...(cancelled ? [`※ 状態が「${cancelled.charge_status_name}」の明細は、合計に含みません。`] : []),
    `※ ご不明な点は、${bank.contactName}（TEL ${bank.contactTel}）までお問い合わせください。`,
  ];
  for (const note of notes) doc.text(note, MARGIN, doc.y, { width });

  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
