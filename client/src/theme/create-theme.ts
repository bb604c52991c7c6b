import type { ThemeTokens } from '#server/contracts/theme-tokens.ts';
import { BREAKPOINTS } from '#server/contracts/device.ts';

/**
 * The styled-components theme of one bank: its design tokens (the same values the gateway wrote into
 * index.html as CSS custom properties) plus layout values that are not branded. Styles are written
 * mobile first; `media.*Up` opens a block for wider screens.
 */
export function createTheme(tokens: ThemeTokens) {
  return {
    ...tokens,
    media: {
      tabletUp: `@media (min-width: ${BREAKPOINTS.sp + 1}px)`,
      pcUp: `@media (min-width: ${BREAKPOINTS.tablet + 1}px)`,
    },
    layout: { contentMaxWidth: `${BREAKPOINTS.wide}px` },
  } as const;
}

export type AppTheme = ReturnType<typeof createTheme>;
