/**
 * Device classes and layout constants of platform spec sections 4 and 9 and admin spec section 9.
 * Plain values: the layouts, the server's tests and the browser read the same numbers.
 * Table page sizes (5 … 500, default 25) and the data-list default (100) live in paging.ts.
 */

/** Breakpoints in px (spec section 9). */
export const BREAKPOINTS = { sp: 480, mobile: 600, tabletPortrait: 768, tablet: 1024, wide: 1200 } as const;

export const DEVICE_CLASSES = ['pc', 'tablet', 'sp'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** Spec section 4: above 1024 px is pc, 481 to 1024 is tablet, up to 480 is sp (a phone). */
export function deviceClassOf(width: number): DeviceClass {
  if (width > BREAKPOINTS.tablet) return 'pc';
  if (width > BREAKPOINTS.sp) return 'tablet';
  return 'sp';
}

/** Spec section 4's mobile flag: under 600 px. The admin layout switches to its drawer here. */
export function isMobileWidth(width: number): boolean {
  return width < BREAKPOINTS.mobile;
}

/** The mobile-app wrapper shows its footer menu on screens up to this width (spec section 2). */
export const MOBILE_APP_FOOTER_MAX_WIDTH = BREAKPOINTS.sp;

/** Navigation column widths in px: the main (icon) column and the sub-menu column, by device. */
export const NAVIGATION_WIDTHS = {
  main: { pc: 85, tablet: 100 },
  sub: { pc: 220, tablet: 380 },
} as const;

/** The side drawer (phones, and the admin layout up to 600 px). */
export const DRAWER_WIDTH = 285;

/** Dialog widths in px. */
export const DIALOG_WIDTHS = { featureRequest: 700, manual: 900, attendanceConfirmation: 500 } as const;

/** Timings in milliseconds (spec section 9). */
export const TOAST_DURATION_MS = 5000;
export const BADGE_POLL_INTERVAL_MS = 6000;
export const CHAT_RELOAD_INTERVAL_MS = 3000;
/** An error page with status 401 goes to /logout?to=login after this delay. */
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 3000;
export const SCROLL_DURATION_MS = 700;

/** Choices of the 表示行数 select on data lists (their default is DEFAULT_LIST_ROWS, 100). */
export const LIST_ROWS_OPTIONS = [25, 50, 100, 500] as const;

/** Pager labels (spec section 9). */
export const PAGER_LABELS = { next: '次ページ', previous: '前ページ', rowsPerPage: '表示行数' } as const;

/** Upload size limits in bytes: 1, 2, 5 and 10 MiB. */
export const UPLOAD_SIZE_LIMITS = {
  oneMegabyte: 1_048_576,
  twoMegabytes: 2_097_152,
  fiveMegabytes: 5_242_880,
  tenMegabytes: 10_485_760,
} as const;
