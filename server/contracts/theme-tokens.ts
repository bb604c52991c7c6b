// zod/mini: the client bundles this file (through app-config.ts); mini's functions tree-shake,
// classic's chained methods pull the whole of zod into the entry chunk.
import * as z from 'zod/mini';

/** The four page themes of spec section 9. */
export const THEME_NAMES = ['ocean', 'sky', 'autumn', 'forest'] as const;
export const themeNameSchema = z.enum(THEME_NAMES);
export type ThemeName = z.infer<typeof themeNameSchema>;

const hexColor = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, '色は #RRGGBB 形式で指定してください'));
const cssLength = z
  .string()
  .check(z.regex(/^\d+(\.\d+)?(px|rem|em|%)$|^0$/, '長さは px / rem / em / % で指定してください'));

/**
 * Semantic design tokens. Names say what a colour is for (surface, text on the main colour),
 * never which feature uses it. The server writes them as CSS custom properties
 * (`--color-main`, `--color-on-main`, ...) and the client's ThemeProvider reads the same object.
 */
export const themeTokensSchema = z.object({
  colors: z.object({
    main: hexColor,
    onMain: hexColor,
    mainHover: hexColor,
    catch: hexColor,
    onCatch: hexColor,
    catchHover: hexColor,
    menu: hexColor,
    onMenu: hexColor,
    menuHover: hexColor,
    menuActive: hexColor,
    onMenuActive: hexColor,
    surface: hexColor,
    surfaceMuted: hexColor,
    text: hexColor,
    textMuted: hexColor,
    link: hexColor,
    border: hexColor,
    borderFocus: hexColor,
    danger: hexColor,
    onDanger: hexColor,
    success: hexColor,
    onSuccess: hexColor,
  }),
  typography: z.object({
    fontFamily: z.string().check(z.minLength(1)),
    fontSizeBase: cssLength,
    fontSizeSmall: cssLength,
    fontSizeLarge: cssLength,
    lineHeight: z.number().check(z.minimum(1), z.maximum(3)),
    fontWeightBold: z.number().check(z.int(), z.minimum(100), z.maximum(900)),
  }),
  radii: z.object({ sm: cssLength, md: cssLength, lg: cssLength }),
  spacing: z.object({ xs: cssLength, sm: cssLength, md: cssLength, lg: cssLength, xl: cssLength }),
});
export type ThemeTokens = z.infer<typeof themeTokensSchema>;

/** A tenant may override any single token of its theme. */
export const themeOverridesSchema = z.partial(
  z.strictObject({
    colors: z.partial(themeTokensSchema.shape.colors),
    typography: z.partial(themeTokensSchema.shape.typography),
    radii: z.partial(themeTokensSchema.shape.radii),
    spacing: z.partial(themeTokensSchema.shape.spacing),
  }),
);
export type ThemeOverrides = z.infer<typeof themeOverridesSchema>;

/** A file in themes/. */
export const themeFileSchema = z.strictObject({
  name: themeNameSchema,
  label: z.string().check(z.minLength(1)),
  tokens: themeTokensSchema,
});
export type ThemeFile = z.infer<typeof themeFileSchema>;

/**
 * Text-on-background pairs that must reach WCAG AA (4.5:1).
 * [background, text] by colour token name.
 */
export const CONTRAST_PAIRS = [
  ['main', 'onMain'],
  ['mainHover', 'onMain'],
  ['catch', 'onCatch'],
  ['catchHover', 'onCatch'],
  ['menu', 'onMenu'],
  ['menuHover', 'onMenu'],
  ['menuActive', 'onMenuActive'],
  ['surface', 'text'],
  ['surface', 'textMuted'],
  ['surface', 'link'],
  ['surfaceMuted', 'text'],
  ['danger', 'onDanger'],
  ['success', 'onSuccess'],
] as const satisfies ReadonlyArray<readonly [keyof ThemeTokens['colors'], keyof ThemeTokens['colors']]>;

export const WCAG_AA_TEXT_CONTRAST = 4.5;
