/**
 * Whether a ZIP archive (.xlsx, .docx, .pptx are ZIP archives) stays within bounds once unpacked,
 * told from its central directory alone, before any of it is inflated: a 1.2 MB workbook can unpack
 * to 1.2 GB (deflate packs a run of one byte about 1,000 to 1), which crashes the browser tab that
 * parses it, or fills the memory of whatever opens it.
 *
 * Shared by the browser (the bulk create's workbook, before exceljs reads it) and the server (the
 * Office files a news upload takes). Plain bytes in, no Node or DOM API, so both can run it.
 *
 * It reads what the archive declares (the entry count and each entry's uncompressed size, ZIP64's
 * included) the way JSZip (exceljs's reader) finds them: the last end-of-central-directory record,
 * the central directory just before it, its file headers one after another while their signature
 * holds. An archive whose declarations are out of bounds, or cannot be read, is refused.
 * A workbook whose entries inflate past what they declare is not caught here: it would take
 * inflating it to know.
 */

/** What a file may unpack to: 1,000 entries, 100 MB in all (a 10,000-row workbook is under 20 MB). */
export const ARCHIVE_LIMITS = { maxEntries: 1000, maxUncompressedBytes: 100 * 1024 * 1024 } as const;

export interface ArchiveLimits {
  maxEntries: number;
  maxUncompressedBytes: number;
}

export const ARCHIVE_MESSAGES = {
  tooLarge: 'ファイルの展開後のサイズが大きすぎます',
} as const;

export type ArchiveBounds =
  /** Within the limits: what it declares. */
  | { kind: 'within'; entries: number; uncompressedBytes: number }
  /** More entries, or more bytes once unpacked, than the limits allow. */
  | { kind: 'too_large' }
  /** No ZIP archive, or one whose directory cannot be read. */
  | { kind: 'unreadable' };

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_END_OF_CENTRAL_DIRECTORY_LOCATOR = 0x07064b50;
const ZIP64_END_OF_CENTRAL_DIRECTORY = 0x06064b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const END_RECORD_LENGTH = 22;
const LOCATOR_LENGTH = 20;
const FILE_HEADER_LENGTH = 46;
const ZIP64_EXTRA_FIELD = 0x0001;
/** The longest comment after the end record (its length is 16 bits). */
const MAX_COMMENT_LENGTH = 0xffff;
const UNKNOWN_16 = 0xffff;
const UNKNOWN_32 = 0xffffffff;

/** Reads little-endian numbers inside `bytes`; undefined past its end. */
function readerOf(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fits = (offset: number, length: number) => offset >= 0 && offset + length <= bytes.byteLength;
  return {
    u16: (offset: number) => (fits(offset, 2) ? view.getUint16(offset, true) : undefined),
    u32: (offset: number) => (fits(offset, 4) ? view.getUint32(offset, true) : undefined),
    /** A 64-bit size, exact up to 2^53 (far past any limit); undefined past its end. */
    u64: (offset: number) =>
      fits(offset, 8) ? view.getUint32(offset, true) + view.getUint32(offset + 4, true) * 2 ** 32 : undefined,
  };
}

type Reader = ReturnType<typeof readerOf>;

/** Where the last end-of-central-directory record starts, as JSZip looks for it (from the end). */
function endRecordOffset(bytes: Uint8Array, read: Reader): number | undefined {
  const last = bytes.byteLength - END_RECORD_LENGTH;
  const first = Math.max(0, last - MAX_COMMENT_LENGTH);
  for (let offset = last; offset >= first; offset -= 1)
    if (read.u32(offset) === END_OF_CENTRAL_DIRECTORY) return offset;
  return undefined;
}

/** The directory's declared entry count and size, and where it ends (where its end record starts). */
interface Directory {
  entries: number;
  size: number;
  end: number;
}

function directoryOf(bytes: Uint8Array, read: Reader): Directory | undefined {
  const end = endRecordOffset(bytes, read);
  if (end === undefined) return undefined;
  const entries = read.u16(end + 10);
  const size = read.u32(end + 12);
  const offset = read.u32(end + 16);
  if (entries === undefined || size === undefined || offset === undefined) return undefined;
  if (entries !== UNKNOWN_16 && size !== UNKNOWN_32 && offset !== UNKNOWN_32) return { entries, size, end };
  // ZIP64: the real figures are in the ZIP64 end record, which the locator just before points to.
  const locator = end - LOCATOR_LENGTH;
  if (read.u32(locator) !== ZIP64_END_OF_CENTRAL_DIRECTORY_LOCATOR) return undefined;
  const record = read.u64(locator + 8);
  if (record === undefined || read.u32(record) !== ZIP64_END_OF_CENTRAL_DIRECTORY) return undefined;
  const entries64 = read.u64(record + 32);
  const size64 = read.u64(record + 40);
  if (entries64 === undefined || size64 === undefined) return undefined;
  return { entries: entries64, size: size64, end: record };
}

/**
 * The uncompressed size a file header declares: its 32-bit field, or, when that says "see ZIP64",
 * the first 8 bytes of its ZIP64 extra field.
 */
function uncompressedSizeOf(read: Reader, header: number, nameLength: number, extraLength: number) {
  const size = read.u32(header + 24);
  if (size !== UNKNOWN_32) return size;
  let field = header + FILE_HEADER_LENGTH + nameLength;
  const extraEnd = field + extraLength;
  while (field + 4 <= extraEnd) {
    const id = read.u16(field);
    const length = read.u16(field + 2);
    if (id === undefined || length === undefined) return undefined;
    if (id === ZIP64_EXTRA_FIELD) return length >= 8 ? read.u64(field + 4) : undefined;
    field += 4 + length;
  }
  return undefined;
}

/**
 * Whether the ZIP archive in `bytes` unpacks within `limits` (ARCHIVE_LIMITS by default), from
 * what its central directory declares. Reads the directory only: nothing is inflated.
 */
export function zipArchiveBounds(bytes: Uint8Array, limits: ArchiveLimits = ARCHIVE_LIMITS): ArchiveBounds {
  const read = readerOf(bytes);
  const directory = directoryOf(bytes, read);
  if (!directory) return { kind: 'unreadable' };
  if (directory.entries > limits.maxEntries) return { kind: 'too_large' };
  // The directory lies just before its end record (JSZip reads it there, whatever offset is declared,
  // so that bytes put before the archive do not shift it).
  let header = directory.end - directory.size;
  if (header < 0) return { kind: 'unreadable' };
  let entries = 0;
  let uncompressedBytes = 0;
  while (read.u32(header) === CENTRAL_FILE_HEADER) {
    entries += 1;
    if (entries > limits.maxEntries) return { kind: 'too_large' };
    const nameLength = read.u16(header + 28);
    const extraLength = read.u16(header + 30);
    const commentLength = read.u16(header + 32);
    if (nameLength === undefined || extraLength === undefined || commentLength === undefined)
      return { kind: 'unreadable' };
    const size = uncompressedSizeOf(read, header, nameLength, extraLength);
    if (size === undefined) return { kind: 'unreadable' };
    uncompressedBytes += size;
    if (uncompressedBytes > limits.maxUncompressedBytes) return { kind: 'too_large' };
    header += FILE_HEADER_LENGTH + nameLength + extraLength + commentLength;
  }
  if (entries === 0 && directory.entries > 0) return { kind: 'unreadable' };
  return { kind: 'within', entries, uncompressedBytes };
}
