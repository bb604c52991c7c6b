import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CONTRAST_PAIRS,
  THEME_NAMES,
  themeTokensSchema,
  type ThemeTokens,
} from '#server/contracts/theme-tokens.ts';
import { loadTenantDirectory } from '#server/tenancy/tenant-directory.ts';
import { loadThemes } from '#server/tenancy/theme-file.ts';
import {
  contrastRatio,
  cssCustomPropertyName,
  findContrastFailures,
  relativeLuminance,
  resolveTheme,
  themeToCssCustomProperties,
} from '#server/tenancy/theme.ts';
import { copyOfTenants, THEMES_DIR } from './tenant-folders.ts';

async function committedTheme(name: string): Promise<ThemeTokens> {
  const file = JSON.parse(await readFile(path.join(THEMES_DIR, `${name}.json`), 'utf8'));
  return themeTokensSchema.parse(file.tokens);
}

describe('WCAG 2.x contrast', () => {
  it('gives the known ratios', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBe(21);
    expect(contrastRatio('#FFFFFF', '#000000')).toBe(21);
    expect(contrastRatio('#777777', '#FFFFFF')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#FFFFFF')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#FF0000', '#FFFFFF')).toBeCloseTo(4.0, 2);
    expect(contrastRatio('#0000FF', '#FFFFFF')).toBeCloseTo(8.59, 2);
    expect(contrastRatio('#123456', '#123456')).toBe(1);
  });

  it('uses the relative-luminance formula of the sRGB channels', () => {
    expect(relativeLuminance('#000')).toBe(0);
    expect(relativeLuminance('#fff')).toBe(1);
    expect(relativeLuminance('#808080')).toBeCloseTo(0.2159, 4);
    expect(relativeLuminance('#00FF00')).toBeCloseTo(0.7152, 4);
  });
});

describe('the committed themes', () => {
  it.each(THEME_NAMES)('%s loads and every text/background pair reaches 4.5:1', async (name) => {
    const tokens = await committedTheme(name);
    expect(findContrastFailures(tokens)).toEqual([]);
    for (const [background, text] of CONTRAST_PAIRS) {
      expect(
        contrastRatio(tokens.colors[background], tokens.colors[text]),
        `${background}/${text}`,
      ).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('are four different looks with a Japanese font stack', async () => {
    const { themes, problems } = await loadThemes(THEMES_DIR);
    expect(problems).toEqual([]);
    const mains = new Set([...themes.values()].map((theme) => theme.tokens.colors.main));
    expect(mains.size).toBe(4);
    for (const theme of themes.values()) expect(theme.tokens.typography.fontFamily).toMatch(/Noto Sans JP/);
  });
});

describe('resolving a theme with a bank’s overrides', () => {
  it('replaces only the tokens named', async () => {
    const ocean = await committedTheme('ocean');
    const resolved = resolveTheme(ocean, { colors: { main: '#00557A' }, radii: { md: '8px' } });
    expect(resolved.colors.main).toBe('#00557A');
    expect(resolved.colors.onMain).toBe(ocean.colors.onMain);
    expect(resolved.radii).toEqual({ ...ocean.radii, md: '8px' });
    expect(resolved.typography).toEqual(ocean.typography);
    expect(ocean.colors.main).not.toBe('#00557A');
  });

  it('reports every failing pair with its ratio', async () => {
    const sky = await committedTheme('sky');
    const failures = findContrastFailures(
      resolveTheme(sky, { colors: { onMain: '#7FA7D0', textMuted: '#AAAAAA' } }),
    );
    expect(failures.map(({ background, text }) => `${background}/${text}`)).toEqual([
      'main/onMain',
      'mainHover/onMain',
      'surface/textMuted',
    ]);
    for (const failure of failures) expect(failure.ratio).toBeLessThan(4.5);
  });
});

describe('a tenant override that breaks contrast', () => {
  let remove: (() => Promise<void>) | undefined;
  afterEach(async () => remove?.());

  it('is refused, naming the override and the pair', async () => {
    const copy = await copyOfTenants(['0182', '0158']);
    remove = copy.remove;
    const file = path.join(copy.tenantsDir, '0182', 'tenant.json');
    const tenant = JSON.parse(await readFile(file, 'utf8'));
    tenant.theme.overrides.colors.onMain = '#7FA7B8';
    await writeFile(file, JSON.stringify(tenant));

    const { tenants, problems } = await loadTenantDirectory(copy);
    expect(tenants.map((t) => t.code)).toEqual(['0158']);
    expect(problems).toContainEqual({
      file,
      field: 'theme.overrides.colors.onMain',
      reason: expect.stringMatching(
        /背景 main（#00557A）と文字 onMain（#7FA7B8）のコントラスト比 [\d.]+:1 が WCAG AA の基準 4.5:1 に届きません/,
      ),
    });
  });

  it('is refused when a font stack could close the <style> element', async () => {
    const copy = await copyOfTenants(['0182']);
    remove = copy.remove;
    const file = path.join(copy.tenantsDir, '0182', 'tenant.json');
    const tenant = JSON.parse(await readFile(file, 'utf8'));
    tenant.theme.overrides.typography = { fontFamily: 'serif}</style><script>alert(1)</script>' };
    await writeFile(file, JSON.stringify(tenant));

    const { tenants, problems } = await loadTenantDirectory(copy);
    expect(tenants).toEqual([]);
    expect(problems).toContainEqual(
      expect.objectContaining({ field: 'theme.overrides.typography.fontFamily' }),
    );
  });
});

describe('theme tokens as CSS custom properties', () => {
  it('names each token by its kebab-cased path', async () => {
    const ocean = await committedTheme('ocean');
    const css = themeToCssCustomProperties(ocean);
    expect(css).toContain(`--color-main:${ocean.colors.main}`);
    expect(css).toContain(`--color-on-main:${ocean.colors.onMain}`);
    expect(css).toContain(`--color-border-focus:${ocean.colors.borderFocus}`);
    expect(css).toContain(`--font-family:${ocean.typography.fontFamily}`);
    expect(css).toContain(`--font-size-base:${ocean.typography.fontSizeBase}`);
    expect(css).toContain(`--line-height:${ocean.typography.lineHeight}`);
    expect(css).toContain(`--radius-md:${ocean.radii.md}`);
    expect(css).toContain(`--space-md:${ocean.spacing.md}`);
    expect(cssCustomPropertyName('colors', 'menuActive')).toBe('--color-menu-active');
  });

  it('gives one declaration per token, ready for :root{...}', async () => {
    const sky = await committedTheme('sky');
    const declarations = themeToCssCustomProperties(sky).split(';');
    const tokenCount = Object.values(sky).reduce((count, group) => count + Object.keys(group).length, 0);
    expect(declarations).toHaveLength(tokenCount);
    for (const declaration of declarations) expect(declaration).toMatch(/^--[a-z-]+:[^;{}<>]+$/);
  });

  it('refuses to write a value that could leave the rule', async () => {
    const sky = await committedTheme('sky');
    const hostile = { ...sky, typography: { ...sky.typography, fontFamily: 'a;}</style><script>' } };
    expect(() => themeToCssCustomProperties(hostile)).toThrow(/typography.fontFamily/);
  });
});
