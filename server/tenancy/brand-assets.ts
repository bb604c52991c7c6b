import type { ThemeName } from '../contracts/theme-tokens.ts';

/**
 * Placeholder brand files for a new bank (tenant:new) and the demo banks: a wordmark logo with the
 * bank's short name in its main colour, and a favicon with its first letter. A bank replaces them
 * with its own artwork; these keep every bank recognisable until then.
 */

const FONT_STACK = "'Hiragino Kaku Gothic ProN','Hiragino Sans','Noto Sans JP',Meiryo,sans-serif";

// A small emblem per theme, drawn in a 40×40 box, so that banks sharing a colour still differ.
const EMBLEMS: Record<ThemeName, (color: string) => string> = {
  ocean: (color) =>
    `<path d="M2 26c6-6 12-6 18 0s12 6 18 0v6c-6 6-12 6-18 0S8 26 2 32z" fill="${color}"/>` +
    `<path d="M2 14c6-6 12-6 18 0s12 6 18 0v6c-6 6-12 6-18 0S8 14 2 20z" fill="${color}" opacity=".55"/>`,
  sky: (color) =>
    `<circle cx="20" cy="20" r="17" fill="none" stroke="${color}" stroke-width="4"/>` +
    `<circle cx="20" cy="20" r="8" fill="${color}"/>`,
  autumn: (color) =>
    `<path d="M20 2c10 8 16 16 16 24a16 16 0 0 1-32 0C4 18 10 10 20 2z" fill="${color}"/>` +
    `<path d="M20 12v26" stroke="#FFFFFF" stroke-width="2.5"/>`,
  forest: (color) =>
    `<path d="M20 2 38 36H2z" fill="${color}"/>` +
    `<path d="M20 14 30 34H10z" fill="#FFFFFF" opacity=".35"/>`,
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Rough advance width in em: CJK and full-width characters take 1em, Latin about 0.6em. */
function textWidthEm(text: string): number {
  let width = 0;
  for (const char of text) width += (char.codePointAt(0) ?? 0) >= 0x2e80 ? 1 : 0.6;
  return width;
}

/** `みなと中央銀行` → `みなと中央`: the wordmark shows the name without the trailing 銀行. */
export function shortBankName(bankName: string): string {
  const short = bankName.replace(/銀行$/, '');
  return short.length > 0 ? short : bankName;
}

export function renderLogoSvg(options: { shortName: string; mainColor: string; theme: ThemeName }): string {
  const fontSize = 26;
  const textX = 52;
  const width = Math.ceil(textX + textWidthEm(options.shortName) * fontSize + 8);
  const label = escapeXml(options.shortName);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="48" viewBox="0 0 ${width} 48" role="img" aria-label="${label}">`,
    `<g transform="translate(4 4)">${EMBLEMS[options.theme](options.mainColor)}</g>`,
    `<text x="${textX}" y="34" font-family="${FONT_STACK}" font-size="${fontSize}" font-weight="700" fill="${options.mainColor}">${label}</text>`,
    '</svg>',
    '',
  ].join('\n');
}

export function renderFaviconSvg(options: {
  shortName: string;
  background: string;
  foreground: string;
}): string {
  const initial = escapeXml([...options.shortName][0] ?? '?');
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">',
    `<rect width="32" height="32" rx="7" fill="${options.background}"/>`,
    `<text x="16" y="23" text-anchor="middle" font-family="${FONT_STACK}" font-size="19" font-weight="700" fill="${options.foreground}">${initial}</text>`,
    '</svg>',
    '',
  ].join('\n');
}
