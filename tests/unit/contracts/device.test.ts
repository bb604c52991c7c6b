import { describe, expect, it } from 'vitest';
import {
  BREAKPOINTS,
  deviceClassOf,
  DIALOG_WIDTHS,
  DRAWER_WIDTH,
  isMobileWidth,
  LIST_ROWS_OPTIONS,
  NAVIGATION_WIDTHS,
  PAGER_LABELS,
  UPLOAD_SIZE_LIMITS,
} from '#server/contracts/device.ts';
import { TABLE_DEFAULT_ROWS, TABLE_ROWS_OPTIONS } from '#server/contracts/paging.ts';

describe('device class by window width (spec section 4)', () => {
  it('is sp up to 480 and tablet from 481', () => {
    expect(deviceClassOf(320)).toBe('sp');
    expect(deviceClassOf(480)).toBe('sp');
    expect(deviceClassOf(481)).toBe('tablet');
  });

  it('is tablet up to 1024 and pc from 1025', () => {
    expect(deviceClassOf(1024)).toBe('tablet');
    expect(deviceClassOf(1025)).toBe('pc');
    expect(deviceClassOf(1920)).toBe('pc');
  });

  it('flags mobile under 600: 599 is mobile, 600 is not', () => {
    expect(isMobileWidth(599)).toBe(true);
    expect(isMobileWidth(600)).toBe(false);
  });
});

describe('layout constants (spec section 9)', () => {
  it('keeps the breakpoints 480, 600, 768, 1024, 1200', () => {
    expect(Object.values(BREAKPOINTS)).toEqual([480, 600, 768, 1024, 1200]);
  });

  it('keeps navigation, drawer and dialog widths', () => {
    expect(NAVIGATION_WIDTHS).toEqual({ main: { pc: 85, tablet: 100 }, sub: { pc: 220, tablet: 380 } });
    expect(DRAWER_WIDTH).toBe(285);
    expect(DIALOG_WIDTHS).toEqual({ featureRequest: 700, manual: 900, attendanceConfirmation: 500 });
  });

  it('keeps page sizes, pager labels and upload limits', () => {
    expect(TABLE_ROWS_OPTIONS).toEqual([5, 10, 25, 50, 100, 500]);
    expect(TABLE_DEFAULT_ROWS).toBe(25);
    expect(LIST_ROWS_OPTIONS).toEqual([25, 50, 100, 500]);
    expect(PAGER_LABELS).toEqual({ next: '次ページ', previous: '前ページ', rowsPerPage: '表示行数' });
    expect(Object.values(UPLOAD_SIZE_LIMITS)).toEqual([1048576, 2097152, 5242880, 10485760]);
  });
});
