// zod/mini: forms in the browser use these rules through useSchemaForm (client/src/lib/forms), and the
// server's routes use the same schemas, so both edges answer with the same Japanese messages.
import * as z from 'zod/mini';
import { JAPAN_OFFSET_MS, japanDayNumber, PUBLICATION_END_WARNING_DAYS } from './japan-day.ts';
import { characterCount } from './text-length.ts';
import { CORPORATE_NUMBER_MESSAGE, isCorporateNumber } from './corporate-number.ts';

/**
 * The shared field rules of platform spec section 5 (and admin spec section 5), with their exact
 * Japanese messages.
 *
 * Two ways in:
 * - predicates and `textFormatError` for code that is not a form (a table filter, a date picker);
 * - `validationRules()` for schemas: field builders for a `z.object(...)`, usable by
 *   fastify-type-provider-zod routes (classic objects accept them too) and by the client's useSchemaForm.
 *
 * Empty means nothing was entered: undefined, null, '' or only spaces (half- or full-width).
 * An optional field passes when empty and is checked only when something was entered.
 */

export const VALIDATION_MESSAGES = {
  required: '必須入力項目です',
  pastDate: '入力が過去日です',
  publicationEndsSoon: '30日以内に公開が終了します',
  phone: '電話番号が正しくありません',
  email: 'メールアドレスが正しくありません',
  decimal: '半角数字で入力してください',
  digitsAndHyphens: '半角数字と半角ハイフンで入力してください',
  katakana: 'カナを入力してください',
  digits: '半角数字で入力してください',
  alphanumeric: '半角英数字で入力してください',
  positiveInteger: '1以上の整数を半角で入力してください',
  integer: '整数を半角で入力してください',
  // The full-width space before 例 is part of the spec's text.
  time: '半角数字とコロン・24時間表記で入力してください　例：18:00',
  endTimeRequired: '終了時間も入力してください',
  startTimeRequired: '開始時間も入力してください',
  endTimeNotAfterStart: '終了時間が開始時間より遅くなるように入力してください',
  url: 'URLの形式が正しくありません',
  /**
   * Not in the spec's table: a value of the wrong kind (a number where text belongs) or a date that
   * cannot be read. The same words as zod-error-map.ts's fallback for a malformed value.
   */
  invalidFormat: '入力形式が正しくありません',
  /**
   * Not in the spec's table: text holding a character that is not text — a control code (C0, DEL,
   * C1; a line break or tab outside a multi-line field) or one no column can store (half of a
   * surrogate pair, which would be stored as U+FFFD). A form's single-line input cannot type them;
   * a script or a paste from a broken file can, and a name with a line break in it would split a
   * mail header, a CSV row or a log line.
   */
  unstorableCharacter: '使用できない文字が含まれています',
} as const;

/** Not in the spec's table: a birthday or founding date after today. */
export const FUTURE_DATE_MESSAGE = '今日以前の日付を入力してください';

/** A Japanese post code: 7 digits, written 1040061 or 104-0061. */
export const POST_CODE_PATTERN = /^[0-9]{3}-?[0-9]{4}$/;
/** Not in the spec's table (its address rules are not shown). */
export const POST_CODE_MESSAGE = '郵便番号は7桁の半角数字で入力してください（例：104-0061）';

/** `n文字以内で入力してください` (spec section 5, max length n). */
export function maxLengthMessage(max: number): string {
  return `${max}文字以内で入力してください`;
}

// ---------------------------------------------------------------------------------------------
// Predicates

/** Nothing entered: undefined, null, an empty or blank string (spaces, tabs, U+3000), an empty list. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/**
 * Text PostgreSQL cannot keep as sent: a NUL (refused in text and jsonb) or a lone UTF-16 surrogate
 * (no UTF-8 form: the driver would store U+FFFD instead, silently changing what was sent).
 */
export function hasUnstorableCharacter(text: string): boolean {
  return text.includes('\u0000') || !text.isWellFormed();
}

// Control codes other than tab and line breaks: C0 (U+0000–U+001F), DEL (U+007F) and C1
// (U+0080–U+009F, NEL U+0085 among them). A single-line field refuses tab, LF and CR too, and the
// Unicode line and paragraph separators (U+2028, U+2029), which some readers break lines at.
// (Written as two short patterns: the validation chunk loads with every public form.)
// eslint-disable-next-line no-control-regex -- matching control codes is the point
const CONTROL_CODE = /[\0-\b\v\f\x0E-\x1F\x7F-\x9F]/;
const LINE_BREAK_OR_TAB = /[\t\n\r\u2028\u2029]/;

/**
 * Whether `text` holds a character that is not text for its field: a control code, a line break or
 * tab outside a multi-line field, or a character no column can store (hasUnstorableCharacter).
 */
export function hasRefusedCharacter(text: string, multiline = false): boolean {
  return CONTROL_CODE.test(text) || (!multiline && LINE_BREAK_OR_TAB.test(text)) || !text.isWellFormed();
}

/** RFC 5321: a path holds at most 254 characters of address, of which 64 before the @. */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;

// WHATWG's "valid e-mail address" (what <input type="email"> accepts), with a dot required in the
// domain: an intranet name like user@localhost is not an address a bank can write to. The local part
// allows dots anywhere, since older Japanese mobile addresses (taro..yamada.@docomo.ne.jp) still exist.
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export function isEmailAddress(text: string): boolean {
  if (text.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(text)) return false;
  return text.slice(0, text.lastIndexOf('@')).length <= EMAIL_LOCAL_PART_MAX_LENGTH;
}

/** http(s) with a host name holding a dot, no spaces: a company web site or a link in news. */
export function isHttpUrl(text: string): boolean {
  if (/\s/.test(text) || !/^https?:\/\//i.test(text)) return false;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    // The URL parser's only answer to a malformed address is to throw: that is the check failing.
    return false;
  }
  return url.hostname.includes('.') && !url.hostname.startsWith('.') && !url.hostname.endsWith('.');
}

// Katakana: the full-width block ァ (U+30A1) to ヺ (U+30FA), the prolonged sound mark ー (U+30FC),
// the iteration marks ヽ ヾ (U+30FD, U+30FE), the middle dot ・ (U+30FB) used between foreign
// words, and half- and full-width spaces between family and given names. Half-width katakana is
// refused: it is stored and sorted apart from its full-width twin, so one form of each name is kept.
const KATAKANA_PATTERN = /^[\u30A1-\u30FA\u30FB\u30FC\u30FD\u30FE \u3000]+$/;

/** Each format's check and message. Half-width ASCII only wherever the message says 半角. */
export const TEXT_FORMATS = {
  /** Three groups of 2-4, 2-4 and 3-4 digits joined by half-width hyphens: 03-1234-5678, 090-1234-5678. */
  phone: {
    test: (text: string) => /^[0-9]{2,4}-[0-9]{2,4}-[0-9]{3,4}$/.test(text),
    message: VALIDATION_MESSAGES.phone,
  },
  email: { test: isEmailAddress, message: VALIDATION_MESSAGES.email },
  /** A non-negative decimal number: 12, 0.5, 3.25 (no sign, no thousands separators). */
  decimal: { test: (text: string) => /^[0-9]+(\.[0-9]+)?$/.test(text), message: VALIDATION_MESSAGES.decimal },
  digitsAndHyphens: {
    test: (text: string) => /^[0-9-]+$/.test(text),
    message: VALIDATION_MESSAGES.digitsAndHyphens,
  },
  katakana: { test: (text: string) => KATAKANA_PATTERN.test(text), message: VALIDATION_MESSAGES.katakana },
  digits: { test: (text: string) => /^[0-9]+$/.test(text), message: VALIDATION_MESSAGES.digits },
  alphanumeric: {
    test: (text: string) => /^[0-9A-Za-z]+$/.test(text),
    message: VALIDATION_MESSAGES.alphanumeric,
  },
  /** 1 or more, as text; leading zeros are read as the number they write (007 is 7). */
  positiveInteger: {
    test: (text: string) => /^[0-9]+$/.test(text) && isSafeIntegerAtLeast(Number(text), 1),
    message: VALIDATION_MESSAGES.positiveInteger,
  },
  integer: {
    test: (text: string) => /^-?[0-9]+$/.test(text) && Number.isSafeInteger(Number(text)),
    message: VALIDATION_MESSAGES.integer,
  },
  /** 24-hour HH:MM with two digits each: 09:00, 18:00, 23:59 (24:00 and 9:00 are refused). */
  time: {
    test: (text: string) => /^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(text),
    message: VALIDATION_MESSAGES.time,
  },
  url: { test: isHttpUrl, message: VALIDATION_MESSAGES.url },
  /** 法人番号: 13 digits with its check digit (corporate-number.ts). Not in the spec's table. */
  corporateNumber: { test: isCorporateNumber, message: CORPORATE_NUMBER_MESSAGE },
  /** A post code, 1040061 or 104-0061 (postcode.ts). Not in the spec's table. */
  postCode: { test: (text: string) => POST_CODE_PATTERN.test(text), message: POST_CODE_MESSAGE },
} as const;
export type TextFormat = keyof typeof TEXT_FORMATS;

function isSafeIntegerAtLeast(value: number, minimum: number): boolean {
  return Number.isSafeInteger(value) && value >= minimum;
}

/** The message for `text` in `format`, or undefined when it fits. Empty text fits (see isEmptyValue). */
export function textFormatError(format: TextFormat, text: string): string | undefined {
  if (isEmptyValue(text)) return undefined;
  const { test, message } = TEXT_FORMATS[format];
  return test(text) ? undefined : message;
}

// ---------------------------------------------------------------------------------------------
// Dates, read as days in Japan (japan-day.ts).

const DATE_ONLY = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/;
const LOCAL_DATE_TIME = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const ZONED_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

function japanWallClock(year: number, month: number, day: number, hour = 0, minute = 0, second = 0) {
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(utc);
  // Date.UTC rolls 2025-02-30 over to March: a date that does not exist is refused instead.
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  )
    return undefined;
  return new Date(utc - JAPAN_OFFSET_MS);
}

/**
 * Reads a date as the forms and the API write it: `2025-04-01` or `2025/4/1` (a day in Japan),
 * `2025-04-01 10:30` or `2025-04-01T10:30:00` (a wall-clock time in Japan), an ISO time with an
 * offset (`2025-04-01T01:30:00Z`), or a Date. Undefined for anything else or a date that does not exist.
 */
export function parseDateValue(value: Date | string): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  const text = value.trim();
  const parts = DATE_ONLY.exec(text) ?? LOCAL_DATE_TIME.exec(text);
  if (parts) {
    // Absent time parts (a date only, or no seconds) read as 0.
    const part = (index: number) => Number(parts[index] ?? 0);
    return japanWallClock(part(1), part(2), part(3), part(4), part(5), part(6));
  }
  if (ZONED_DATE_TIME.test(text)) {
    const instant = new Date(text);
    return Number.isNaN(instant.getTime()) ? undefined : instant;
  }
  return undefined;
}

/** True when `value` falls on today (in Japan) or later. False for an unreadable date. */
export function isTodayOrLater(value: Date | string, now: Date = new Date()): boolean {
  const date = parseDateValue(value);
  return date !== undefined && japanDayNumber(date) >= japanDayNumber(now);
}

/** True when `value` falls on a day before today (in Japan). False for an unreadable date. */
export function isPastDate(value: Date | string, now: Date = new Date()): boolean {
  const date = parseDateValue(value);
  return date !== undefined && japanDayNumber(date) < japanDayNumber(now);
}

/**
 * The warning (not an error: the form still saves) shown beside a publication end date that falls
 * within 30 days from today, today and the 30th day included: 30日以内に公開が終了します.
 * Undefined for a later date, an unreadable one, or one already past (the past-date rule refuses
 * that one with its own message).
 */
export function publicationEndWarning(end: Date | string, now: Date = new Date()): string | undefined {
  const date = parseDateValue(end);
  if (date === undefined) return undefined;
  const daysLeft = japanDayNumber(date) - japanDayNumber(now);
  return daysLeft >= 0 && daysLeft <= PUBLICATION_END_WARNING_DAYS
    ? VALIDATION_MESSAGES.publicationEndsSoon
    : undefined;
}

/** Minutes after midnight of an HH:MM time, or undefined when it is not one. */
function minutesOfDay(text: string): number | undefined {
  if (!TEXT_FORMATS.time.test(text)) return undefined;
  return Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));
}

// ---------------------------------------------------------------------------------------------
// Schemas

export interface ValidationRuleOptions<Lazy extends boolean = boolean> {
  /**
   * Lazy mode skips every "must be filled in" check: required fields, non-empty lists and the
   * start/end time pair's "also enter the other one". Whatever was entered is still checked (format,
   * length, dates, end after start). For saving a draft, or a step of a longer form, before the
   * whole is required. Fields built in lazy mode are typed optional.
   */
  lazy?: Lazy;
  /** The clock for the date rules (default: the current time). */
  now?: () => Date;
}

export interface FieldOptions<Required extends boolean = false> {
  /** Must be filled in: 必須入力項目です when empty (skipped in lazy mode). */
  required?: Required;
  /** At most this many characters (code points): `n文字以内で入力してください`. */
  maxLength?: number;
  /**
   * A text area: tab and line breaks (LF, CR) are kept. Every other field is one line, and refuses
   * them as it refuses every other control code: 使用できない文字が含まれています.
   */
  multiline?: boolean;
}

/** Whether a field built with `required: R` by rules in lazy mode `L` may be left empty. */
type IsOptional<R extends boolean, L extends boolean> = R extends true
  ? L extends true
    ? true
    : false
  : true;

// Undefined or null is "not filled in"; anything else of the wrong type is malformed.
function requiredOrMalformed(issue: { input?: unknown }): string {
  return issue.input === undefined || issue.input === null
    ? VALIDATION_MESSAGES.required
    : VALIDATION_MESSAGES.invalidFormat;
}

type TextCheck = (text: string) => readonly string[];

function requiredText(check: TextCheck, reportEmpty: boolean, multiline = false) {
  return z.string({ error: requiredOrMalformed }).check(
    z.superRefine((text, context) => {
      if (hasRefusedCharacter(text, multiline)) {
        context.addIssue({ code: 'custom', message: VALIDATION_MESSAGES.unstorableCharacter, input: text });
        return;
      }
      if (isEmptyValue(text)) {
        if (reportEmpty)
          context.addIssue({ code: 'custom', message: VALIDATION_MESSAGES.required, input: text });
        return;
      }
      for (const message of check(text)) context.addIssue({ code: 'custom', message, input: text });
    }),
  );
}

function optionalText(check: TextCheck, multiline = false) {
  return z.optional(z.nullable(requiredText(check, false, multiline)));
}

/** A text field: `string` when required, `string | null | undefined` when it may be left empty. */
export type TextField<Optional extends boolean> = Optional extends true
  ? ReturnType<typeof optionalText>
  : ReturnType<typeof requiredText>;

function toInteger(value: string | number): number {
  return typeof value === 'number' ? value : Number(value);
}

// Text as typed in a form, or a number from a JSON client; empty text is "not filled in".
function integerInput(format: 'positiveInteger' | 'integer', reportEmpty: boolean) {
  const { test, message } = TEXT_FORMATS[format];
  const minimum = format === 'positiveInteger' ? 1 : Number.MIN_SAFE_INTEGER;
  return z
    .union(
      // Each member carries the message too: a form shows a failed union's member issue.
      [z.string({ error: requiredOrMalformed }), z.number({ error: requiredOrMalformed })],
      { error: requiredOrMalformed },
    )
    .check(
      z.superRefine((value, context) => {
        if (isEmptyValue(value)) {
          if (reportEmpty)
            context.addIssue({ code: 'custom', message: VALIDATION_MESSAGES.required, input: value });
          return;
        }
        const fits = typeof value === 'number' ? isSafeIntegerAtLeast(value, minimum) : test(value);
        if (!fits) context.addIssue({ code: 'custom', message, input: value });
      }),
    );
}

function requiredInteger(format: 'positiveInteger' | 'integer') {
  return z.pipe(integerInput(format, true), z.transform(toInteger));
}

function optionalInteger(format: 'positiveInteger' | 'integer') {
  return z.pipe(
    z.optional(z.nullable(integerInput(format, false))),
    // Empty text becomes undefined, not NaN.
    z.transform((value) =>
      value === undefined || value === null || isEmptyValue(value) ? undefined : toInteger(value),
    ),
  );
}

/** An integer field: text or a number in, a number out (undefined when left empty). */
export type IntegerField<Optional extends boolean> = Optional extends true
  ? ReturnType<typeof optionalInteger>
  : ReturnType<typeof requiredInteger>;

function maxLengthCheck(maxLength: number | undefined): TextCheck {
  return (text) =>
    maxLength !== undefined && characterCount(text) > maxLength ? [maxLengthMessage(maxLength)] : [];
}

function formatCheck(format: TextFormat): TextCheck {
  return (text) => (TEXT_FORMATS[format].test(text) ? [] : [TEXT_FORMATS[format].message]);
}

function allChecks(...checks: TextCheck[]): TextCheck {
  return (text) => checks.flatMap((check) => check(text));
}

/** The fields of a start/end time pair inside an object (its output may hold other fields). */
type TimePair<Start extends string, End extends string> = Partial<Record<Start | End, unknown>>;

/**
 * The field rules, bound to a mode. Call once per form or route schema:
 *
 *   const rules = validationRules();
 *   const draftRules = validationRules({ lazy: true });
 *   const seminarForm = z
 *     .object({
 *       title: rules.text({ required: true, maxLength: 100 }),
 *       tel: rules.phone(),
 *       start_time: rules.time(),
 *       end_time: rules.time(),
 *     })
 *     .check(rules.timeRange('start_time', 'end_time'));
 */
export function validationRules<const Lazy extends boolean = false>(
  options: ValidationRuleOptions<Lazy> = {},
) {
  const lazy = options.lazy === true;
  const now = options.now ?? (() => new Date());

  function isOptional(field: FieldOptions<boolean>): boolean {
    return lazy || field.required !== true;
  }

  function textWith<const R extends boolean>(field: FieldOptions<R>, check: TextCheck) {
    const combined = allChecks(check, maxLengthCheck(field.maxLength));
    const multiline = field.multiline === true;
    return (
      isOptional(field) ? optionalText(combined, multiline) : requiredText(combined, true, multiline)
    ) as TextField<IsOptional<R, Lazy>>;
  }

  function formatRule(format: TextFormat) {
    return <const R extends boolean = false>(field: FieldOptions<R> = {}) =>
      textWith(field, formatCheck(format));
  }

  function integerRule(format: 'positiveInteger' | 'integer') {
    return <const R extends boolean = false>(field: Omit<FieldOptions<R>, 'maxLength'> = {}) =>
      (isOptional(field) ? optionalInteger(format) : requiredInteger(format)) as IntegerField<
        IsOptional<R, Lazy>
      >;
  }

  function dateRule(
    isAccepted: (date: Date, now: Date) => boolean,
    refusal: string = VALIDATION_MESSAGES.pastDate,
  ) {
    return <const R extends boolean = false>(field: Omit<FieldOptions<R>, 'maxLength'> = {}) =>
      textWith(field, (text) => {
        const date = parseDateValue(text);
        if (date === undefined) return [VALIDATION_MESSAGES.invalidFormat];
        return isAccepted(date, now()) ? [] : [refusal];
      });
  }

  return {
    /** Free text: one line, or a text area with `multiline`; `required` and `maxLength` apply. */
    text: <const R extends boolean = false>(field: FieldOptions<R> = {}) => textWith(field, () => []),
    phone: formatRule('phone'),
    /** E-mail: the standard format, at most 254 characters, at most 64 before the @. */
    email: formatRule('email'),
    /** A non-negative decimal kept as text, so its digits reach a numeric column exactly. */
    decimal: formatRule('decimal'),
    digitsAndHyphens: formatRule('digitsAndHyphens'),
    katakana: formatRule('katakana'),
    /** Digits kept as text (codes, account numbers: leading zeros matter). */
    digits: formatRule('digits'),
    alphanumeric: formatRule('alphanumeric'),
    url: formatRule('url'),
    /** 法人番号: 13 digits whose first is the check digit of the others. */
    corporateNumber: formatRule('corporateNumber'),
    /** A post code: 7 digits, with or without the hyphen after the third. */
    postCode: formatRule('postCode'),
    /** HH:MM, 24-hour. Pair two with `timeRange`. */
    time: formatRule('time'),
    /** 1 or more: text (as typed) or a number in, a number out. */
    positiveInteger: integerRule('positiveInteger'),
    /** Any integer, minus allowed: text or a number in, a number out. */
    integer: integerRule('integer'),
    /**
     * A date (or date and time) that must not lie before today in Japan; today passes.
     * 入力が過去日です. The value stays the text that was entered.
     */
    notPastDate: dateRule((date, current) => japanDayNumber(date) >= japanDayNumber(current)),
    /** A date and time that must not lie before the current moment: 入力が過去日です. */
    notPastDateTime: dateRule((date, current) => date.getTime() >= current.getTime()),
    /** A date that must not lie after today in Japan (a birthday, a founding date); today passes. */
    notFutureDate: dateRule(
      (date, current) => japanDayNumber(date) <= japanDayNumber(current),
      FUTURE_DATE_MESSAGE,
    ),
    /** A list; `required` means at least one item (必須入力項目です). */
    array: <const Item extends z.core.SomeType, const R extends boolean = false>(
      item: Item,
      field: Omit<FieldOptions<R>, 'maxLength'> = {},
    ) => {
      const list = z.array(item, { error: requiredOrMalformed });
      return (
        isOptional(field)
          ? z.optional(z.nullable(list))
          : list.check(z.minLength(1, VALIDATION_MESSAGES.required))
      ) as IsOptional<R, Lazy> extends true ? z.ZodMiniOptional<z.ZodMiniNullable<typeof list>> : typeof list;
    },
    /**
     * Object-level check for a start/end time pair (spec section 5), each message on its field:
     * start without end → 終了時間も入力してください on the end; end without start →
     * 開始時間も入力してください on the start (both skipped in lazy mode); end not later than start →
     * 終了時間が開始時間より遅くなるように入力してください on the end (equal times are refused).
     * A malformed time is left to that field's own rule.
     */
    timeRange: <const Start extends string, const End extends string>(start: Start, end: End) =>
      z.superRefine<TimePair<Start, End>>((value, context) => {
        const startText = typeof value[start] === 'string' ? value[start] : undefined;
        const endText = typeof value[end] === 'string' ? value[end] : undefined;
        const hasStart = !isEmptyValue(startText);
        const hasEnd = !isEmptyValue(endText);
        if (hasStart && !hasEnd) {
          if (!lazy)
            context.addIssue({
              code: 'custom',
              message: VALIDATION_MESSAGES.endTimeRequired,
              path: [end],
              input: value[end],
            });
          return;
        }
        if (!hasStart && hasEnd) {
          if (!lazy)
            context.addIssue({
              code: 'custom',
              message: VALIDATION_MESSAGES.startTimeRequired,
              path: [start],
              input: value[start],
            });
          return;
        }
        if (!hasStart || !hasEnd || startText === undefined || endText === undefined) return;
        const startMinutes = minutesOfDay(startText);
        const endMinutes = minutesOfDay(endText);
        if (startMinutes === undefined || endMinutes === undefined) return;
        if (endMinutes <= startMinutes)
          context.addIssue({
            code: 'custom',
            message: VALIDATION_MESSAGES.endTimeNotAfterStart,
            path: [end],
            input: value[end],
          });
      }),
  };
}
export type ValidationRules<Lazy extends boolean = false> = ReturnType<typeof validationRules<Lazy>>;
