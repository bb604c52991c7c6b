import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { createTheme } from '#client/theme/create-theme.ts';
import { config0182 } from '../fixtures/app-configs.ts';

/** Renders children in a committed bank's theme, as the app shell does. */
export function Themed({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={createTheme(config0182().theme.tokens)}>{children}</ThemeProvider>;
}
