/**
 * ZIP archives written byte by byte, so a test can declare what it wants: an entry whose
 * directory says it unpacks to gigabytes (a zip bomb as a reader of the directory sees one)
 * without the test holding gigabytes, ZIP64 records, thousands of entries, or an existing archive
 * (an .xlsx from exceljs) whose declared sizes are changed.
 */

export interface ZipEntry {
  name: string;
  /** The bytes as stored (method 0 unless `method` says otherwise). */
  data: Uint8Array;
  /** 0 stored, 8 deflate (then `data` is the raw deflate stream). */
  method?: 0 | 8;
  /** What the directory declares it unpacks to; the data's length by default. */
  declaredSize?: number;
}

const UNKNOWN_32 = 0xffffffff;

class ByteWriter {
  private readonly chunks: Uint8Array[] = [];
  length = 0;
  bytes(data: Uint8Array) {
    this.chunks.push(data);
    this.length += data.length;
  }
  u16(value: number) {
    const chunk = new Uint8Array(2);
    new DataView(chunk.buffer).setUint16(0, value, true);
    this.bytes(chunk);
  }
  u32(value: number) {
    const chunk = new Uint8Array(4);
    new DataView(chunk.buffer).setUint32(0, value, true);
    this.bytes(chunk);
  }
  u64(value: number) {
    this.u32(value % 2 ** 32);
    this.u32(Math.floor(value / 2 ** 32));
  }
  done(): Uint8Array<ArrayBuffer> {
    const out = new Uint8Array(this.length);
    let offset = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    return out;
  }
}

/**
 * A ZIP archive of `entries`. Sizes past 32 bits are written the ZIP64 way (0xFFFFFFFF and an
 * extra field); `zip64: true` writes the ZIP64 end records too (the entry count 0xFFFF in the
 * classic one).
 */
export function zipOf(
  entries: readonly ZipEntry[],
  options: { zip64?: boolean } = {},
): Uint8Array<ArrayBuffer> {
  const out = new ByteWriter();
  const encoder = new TextEncoder();
  const offsets: number[] = [];
  for (const entry of entries) {
    offsets.push(out.length);
    const name = encoder.encode(entry.name);
    out.u32(0x04034b50);
    out.u16(20);
    out.u16(0x0800);
    out.u16(entry.method ?? 0);
    out.u32(0);
    out.u32(0);
    out.u32(entry.data.length);
    out.u32(Math.min(entry.declaredSize ?? entry.data.length, UNKNOWN_32));
    out.u16(name.length);
    out.u16(0);
    out.bytes(name);
    out.bytes(entry.data);
  }
  const directoryStart = out.length;
  entries.forEach((entry, index) => {
    const name = encoder.encode(entry.name);
    const declared = entry.declaredSize ?? entry.data.length;
    const big = declared >= UNKNOWN_32;
    out.u32(0x02014b50);
    out.u16(45);
    out.u16(big ? 45 : 20);
    out.u16(0x0800);
    out.u16(entry.method ?? 0);
    out.u32(0);
    out.u32(0);
    out.u32(entry.data.length);
    out.u32(big ? UNKNOWN_32 : declared);
    out.u16(name.length);
    out.u16(big ? 12 : 0);
    out.u16(0);
    out.u16(0);
    out.u16(0);
    out.u32(0);
    out.u32(offsets[index] ?? 0);
    out.bytes(name);
    if (big) {
      out.u16(0x0001);
      out.u16(8);
      out.u64(declared);
    }
  });
  const directorySize = out.length - directoryStart;
  if (options.zip64) {
    const record = out.length;
    out.u32(0x06064b50);
    out.u64(44);
    out.u16(45);
    out.u16(45);
    out.u32(0);
    out.u32(0);
    out.u64(entries.length);
    out.u64(entries.length);
    out.u64(directorySize);
    out.u64(directoryStart);
    out.u32(0x07064b50);
    out.u32(0);
    out.u64(record);
    out.u32(1);
  }
  out.u32(0x06054b50);
  out.u16(0);
  out.u16(0);
  out.u16(options.zip64 ? 0xffff : entries.length);
  out.u16(options.zip64 ? 0xffff : entries.length);
  out.u32(options.zip64 ? UNKNOWN_32 : directorySize);
  out.u32(options.zip64 ? UNKNOWN_32 : directoryStart);
  out.u16(0);
  return out.done();
}

/**
 * A copy of an existing archive (an .xlsx) whose directory declares `declaredSize` for every
 * entry: what a zip bomb's directory says, on an archive that still opens.
 */
export function withDeclaredSizes(archive: Uint8Array, declaredSize: number): Uint8Array<ArrayBuffer> {
  const copy = new Uint8Array(archive);
  const view = new DataView(copy.buffer);
  let end = copy.length - 22;
  while (end > 0 && view.getUint32(end, true) !== 0x06054b50) end -= 1;
  let header = view.getUint32(end + 16, true);
  for (let entry = 0; entry < view.getUint16(end + 10, true); entry += 1) {
    view.setUint32(header + 24, declaredSize, true);
    const nameLength = view.getUint16(header + 28, true);
    const extraLength = view.getUint16(header + 30, true);
    const commentLength = view.getUint16(header + 32, true);
    header += 46 + nameLength + extraLength + commentLength;
  }
  return copy;
}
