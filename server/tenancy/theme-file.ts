import path from 'node:path';
import {
  THEME_NAMES,
  themeFileSchema,
  WCAG_AA_TEXT_CONTRAST,
  type ThemeName,
  type ThemeTokens,
} from '../contracts/theme-tokens.ts';
import { japaneseIssueMessages, zodIssuesToProblems, type ConfigProblem } from './config-problem.ts';
import { readConfigFile } from './read-config-file.ts';
import { findContrastFailures, findUnsafeCssValue, type ContrastFailure } from './theme.ts';

/** A valid file of themes/: its tokens and its bytes (part of every tenant's revision). */
export type LoadedTheme = { name: ThemeName; file: string; tokens: ThemeTokens; content: Buffer };

export type ThemeLoadResult = { ok: true; theme: LoadedTheme } | { ok: false; problems: ConfigProblem[] };

export function themeFilePath(themesDir: string, name: ThemeName): string {
  return path.join(themesDir, `${name}.json`);
}

/** The colour pair in Japanese for operators: `背景 main（#0B5394）と文字 onMain（#FFFFFF）のコントラスト比 3.21:1 ...`. */
export function contrastReason(tokens: ThemeTokens, { background, text, ratio }: ContrastFailure): string {
  const { colors } = tokens;
  return (
    `背景 ${background}（${colors[background]}）と文字 ${text}（${colors[text]}）のコントラスト比 ${ratio}:1 が` +
    ` WCAG AA の基準 ${WCAG_AA_TEXT_CONTRAST}:1 に届きません`
  );
}

export const UNSAFE_CSS_REASON = '< > { } ; \\ や制御文字は CSS に書き出せないため使えません';

/** Reads and checks themes/{name}.json: schema, name, WCAG AA contrast of every pair, CSS-safe values. */
export async function loadThemeFile(themesDir: string, name: ThemeName): Promise<ThemeLoadResult> {
  const file = themeFilePath(themesDir, name);
  const read = await readConfigFile(file);
  if (!read.ok) return read;

  const parsed = themeFileSchema.safeParse(read.json, { error: japaneseIssueMessages });
  if (!parsed.success)
    return { ok: false, problems: zodIssuesToProblems(file, parsed.error.issues, read.json) };
  const theme = parsed.data;

  const problems: ConfigProblem[] = [];
  if (theme.name !== name) {
    problems.push({
      file,
      field: 'name',
      reason: `ファイル名 ${name}.json と name「${theme.name}」が一致しません`,
    });
  }
  for (const failure of findContrastFailures(theme.tokens)) {
    problems.push({
      file,
      field: `tokens.colors.${failure.text}`,
      reason: contrastReason(theme.tokens, failure),
    });
  }
  const unsafe = findUnsafeCssValue(theme.tokens);
  if (unsafe) problems.push({ file, field: `tokens.${unsafe.field}`, reason: UNSAFE_CSS_REASON });

  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, theme: { name, file, tokens: theme.tokens, content: read.content } };
}

/** All four themes; a theme with problems is left out of the map and its problems returned. */
export async function loadThemes(
  themesDir: string,
): Promise<{ themes: Map<ThemeName, LoadedTheme>; problems: ConfigProblem[] }> {
  const themes = new Map<ThemeName, LoadedTheme>();
  const problems: ConfigProblem[] = [];
  for (const name of THEME_NAMES) {
    const result = await loadThemeFile(themesDir, name);
    if (result.ok) themes.set(name, result.theme);
    else problems.push(...result.problems);
  }
  return { themes, problems };
}
