import 'styled-components';
import type { AppTheme } from './create-theme.ts';

// Every styled component's `theme` is the bank's AppTheme, so a misspelt token is a type error.
declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging needs an interface
  export interface DefaultTheme extends AppTheme {}
}
