import {
  CONTRAST_PAIRS,
  WCAG_AA_TEXT_CONTRAST,
  type ThemeOverrides,
  type ThemeTokens,
} from '../contracts/theme-tokens.ts';

type ColorToken = keyof ThemeTokens['colors'];

/** A text-on-background pair of CONTRAST_PAIRS that stays under WCAG AA (4.5:1). */
export type ContrastFailure = { background: ColorToken; text: ColorToken; ratio: number };

/** A theme file's tokens with a tenant's overrides laid over them, one token at a time. */
export function resolveTheme(base: ThemeTokens, overrides: ThemeOverrides): ThemeTokens {
  return {
    colors: { ...base.colors, ...overrides.colors },
    typography: { ...base.typography, ...overrides.typography },
    radii: { ...base.radii, ...overrides.radii },
    spacing: { ...base.spacing, ...overrides.spacing },
  };
}

function linearChannel(channel8bit: number): number {
  const c = channel8bit / 255;
  // sRGB transfer function as written in WCAG 2.2 (the 0.04045 threshold; 2.0's 0.03928 gives the same
  // result for every 8-bit value).
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2.x relative luminance of a #RRGGBB or #RGB colour, 0 (black) to 1 (white). */
export function relativeLuminance(hexColor: string): number {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hexColor);
  if (!match?.[1]) throw new Error(`not a #RRGGBB colour: ${hexColor}`);
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  const [r, g, b] = [0, 2, 4].map((i) => linearChannel(Number.parseInt(digits.slice(i, i + 2), 16))) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.x contrast ratio of two colours, from 1 (same) to 21 (black on white); order does not matter. */
export function contrastRatio(colorA: string, colorB: string): number {
  const [lighter, darker] = [relativeLuminance(colorA), relativeLuminance(colorB)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (lighter + 0.05) / (darker + 0.05);
}

/** Every pair of CONTRAST_PAIRS under 4.5:1, with its ratio rounded down to two decimals. */
export function findContrastFailures(tokens: ThemeTokens): ContrastFailure[] {
  const failures: ContrastFailure[] = [];
  for (const [background, text] of CONTRAST_PAIRS) {
    const ratio = contrastRatio(tokens.colors[background], tokens.colors[text]);
    // Rounded down so that a reported 4.49 is never shown as a passing 4.5.
    if (ratio < WCAG_AA_TEXT_CONTRAST)
      failures.push({ background, text, ratio: Math.floor(ratio * 100) / 100 });
  }
  return failures;
}

/** `fontSizeBase` → `font-size-base`. */
function kebabCase(camelCaseName: string): string {
  return camelCaseName.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

// Custom property prefix per token group. Typography has none so that its names read like the CSS
// properties they feed (`--font-family`, `--line-height`).
const GROUP_PREFIX = { colors: 'color-', typography: '', radii: 'radius-', spacing: 'space-' } as const;

// Tokens are validated by themeTokensSchema, but a font stack is free text; anything that could end a
// declaration, a rule or the <style> element must never reach the page.
const UNSAFE_IN_CSS_VALUE = /[<>{};\\\p{Cc}]/u;

/** The custom property name of a token: `colors.onMain` → `--color-on-main`, `radii.md` → `--radius-md`. */
export function cssCustomPropertyName(group: keyof ThemeTokens, token: string): string {
  return `--${GROUP_PREFIX[group]}${kebabCase(token)}`;
}

/** A token value that cannot be placed in a <style> element, or undefined when every value is safe. */
export function findUnsafeCssValue(tokens: ThemeTokens): { field: string; value: string } | undefined {
  for (const group of Object.keys(GROUP_PREFIX) as Array<keyof ThemeTokens>) {
    for (const [token, value] of Object.entries(tokens[group])) {
      if (UNSAFE_IN_CSS_VALUE.test(String(value)))
        return { field: `${group}.${token}`, value: String(value) };
    }
  }
  return undefined;
}

/**
 * The declarations of a `:root{...}` rule, e.g. `--color-main:#0b4f8a;--font-family:...;--radius-md:6px`.
 * Throws on a value that could break out of the rule (the loaders refuse such tenants before this runs).
 */
export function themeToCssCustomProperties(tokens: ThemeTokens): string {
  const unsafe = findUnsafeCssValue(tokens);
  if (unsafe) throw new Error(`theme token ${unsafe.field} holds characters not allowed in CSS`);
  const declarations: string[] = [];
  for (const group of Object.keys(GROUP_PREFIX) as Array<keyof ThemeTokens>) {
    for (const [token, value] of Object.entries(tokens[group])) {
      declarations.push(`${cssCustomPropertyName(group, token)}:${String(value)}`);
    }
  }
  return declarations.join(';');
}

/** The whole rule for a <style> element in index.html: `:root{--color-main:...}`. */
export function themeToRootRule(tokens: ThemeTokens): string {
  return `:root{${themeToCssCustomProperties(tokens)}}`;
}
