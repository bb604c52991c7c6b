import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ARCHIVE_LIMITS, zipArchiveBounds } from '#server/contracts/archive-bounds.ts';
import { withDeclaredSizes, zipOf } from '#tests/support/zip-archives.ts';

const MB = 1024 * 1024;
const text = (value: string) => new TextEncoder().encode(value);

describe('zipArchiveBounds (server/contracts/archive-bounds.ts)', () => {
  it('lets a real workbook through and tells its entries and unpacked size', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('企業').addRow(['企業名', '株式会社みなと商事']);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const bounds = zipArchiveBounds(bytes);
    expect(bounds).toMatchObject({ kind: 'within' });
    if (bounds.kind !== 'within') return;
    expect(bounds.entries).toBeGreaterThan(5);
    expect(bounds.uncompressedBytes).toBeGreaterThan(bytes.length);
  });

  it('refuses a zip bomb of a few hundred bytes whose entries declare 600 MB each', () => {
    const bomb = zipOf(
      ['xl/worksheets/sheet1.xml', 'xl/sharedStrings.xml'].map((name) => ({
        name,
        data: text('<x/>'),
        declaredSize: 600 * MB,
      })),
    );
    expect(bomb.length).toBeLessThan(1000);
    expect(zipArchiveBounds(bomb)).toEqual({ kind: 'too_large' });
  });

  it('refuses one whose entries are each within the limit but not their sum', () => {
    const entries = Array.from({ length: 5 }, (_, index) => ({
      name: `part${index}.xml`,
      data: text('<x/>'),
      declaredSize: 30 * MB,
    }));
    expect(zipArchiveBounds(zipOf(entries.slice(0, 3)))).toMatchObject({ kind: 'within' });
    expect(zipArchiveBounds(zipOf(entries))).toEqual({ kind: 'too_large' });
  });

  it('reads a real deflated bomb’s declared size (8 MB of zeros in about 8 kB)', () => {
    const zeros = new Uint8Array(8 * MB);
    const bomb = zipOf([
      { name: 'zeros.xml', data: deflateRawSync(zeros), method: 8, declaredSize: zeros.length },
    ]);
    expect(bomb.length).toBeLessThan(20_000);
    expect(zipArchiveBounds(bomb)).toEqual({ kind: 'within', entries: 1, uncompressedBytes: 8 * MB });
    expect(zipArchiveBounds(bomb, { maxEntries: 10, maxUncompressedBytes: 4 * MB })).toEqual({
      kind: 'too_large',
    });
  });

  it(`refuses more than ${ARCHIVE_LIMITS.maxEntries} entries`, () => {
    const entries = (count: number) =>
      Array.from({ length: count }, (_, index) => ({ name: `e${index}`, data: new Uint8Array(0) }));
    expect(zipArchiveBounds(zipOf(entries(ARCHIVE_LIMITS.maxEntries)))).toMatchObject({ kind: 'within' });
    expect(zipArchiveBounds(zipOf(entries(ARCHIVE_LIMITS.maxEntries + 1)))).toEqual({ kind: 'too_large' });
  });

  it('reads ZIP64 sizes and counts, where the classic fields only say "see ZIP64"', () => {
    const fiveGigabytes = { name: 'big.xml', data: text('<x/>'), declaredSize: 5 * 1024 * MB };
    expect(zipArchiveBounds(zipOf([fiveGigabytes]))).toEqual({ kind: 'too_large' });
    expect(zipArchiveBounds(zipOf([fiveGigabytes], { zip64: true }))).toEqual({ kind: 'too_large' });
    const small = { name: 'small.xml', data: text('<x/>') };
    expect(zipArchiveBounds(zipOf([small, small], { zip64: true }))).toEqual({
      kind: 'within',
      entries: 2,
      uncompressedBytes: 8,
    });
  });

  it('refuses an existing workbook whose directory was changed to declare 1 GB per entry', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('企業').addRow(['企業名']);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    expect(zipArchiveBounds(withDeclaredSizes(bytes, 1024 * MB))).toEqual({ kind: 'too_large' });
  });

  it('answers unreadable for bytes that are no ZIP archive, or a cut one', () => {
    expect(zipArchiveBounds(new Uint8Array(0))).toEqual({ kind: 'unreadable' });
    expect(zipArchiveBounds(text('企業名,企業名カナ\r\n'))).toEqual({ kind: 'unreadable' });
    const archive = zipOf([{ name: 'a.xml', data: text('<a/>') }]);
    expect(zipArchiveBounds(archive.subarray(0, archive.length - 10))).toEqual({ kind: 'unreadable' });
    // The end record names a directory larger than the bytes before it.
    const lying = new Uint8Array(archive);
    new DataView(lying.buffer).setUint32(lying.length - 10, 1_000_000, true);
    expect(zipArchiveBounds(lying)).toEqual({ kind: 'unreadable' });
  });
});
