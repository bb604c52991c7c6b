/**
 * Breakpoints of spec section 9, in px. Device classes (section 4): a phone ("sp") is up to 480,
 * a tablet 481 to 1024, a PC above 1024.
 */
export const BREAKPOINTS = { sp: 480, mobile: 600, tabletPortrait: 768, tablet: 1024, wide: 1200 } as const;
