import * as z from 'zod/mini';
import * as classic from 'zod';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  isEmailAddress,
  isEmptyValue,
  isPastDate,
  isTodayOrLater,
  maxLengthMessage,
  parseDateValue,
  publicationEndWarning,
  textFormatError,
  validationRules,
  VALIDATION_MESSAGES,
} from '#server/contracts/validation.ts';
import { specErrorMap } from '#server/contracts/zod-error-map.ts';
import { fieldMessages, messagesOf } from '#tests/support/schema-messages.ts';

const rules = validationRules();

describe('the spec section 5 messages, character for character', () => {
  it('keeps every message of the table', () => {
    expect(VALIDATION_MESSAGES).toMatchObject({
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
      endTimeRequired: '終了時間も入力してください',
      startTimeRequired: '開始時間も入力してください',
      endTimeNotAfterStart: '終了時間が開始時間より遅くなるように入力してください',
      url: 'URLの形式が正しくありません',
    });
  });

  it('writes the time message with its full-width space before 例', () => {
    expect(VALIDATION_MESSAGES.time).toBe('半角数字とコロン・24時間表記で入力してください\u3000例：18:00');
  });

  it('says n文字以内で入力してください for a maximum length of n', () => {
    expect(maxLengthMessage(50)).toBe('50文字以内で入力してください');
  });
});

describe('required', () => {
  const name = rules.text({ required: true });

  it('refuses a missing, null, empty or blank value with 必須入力項目です', () => {
    for (const value of [undefined, null, '', '   ', '\u3000'])
      expect(messagesOf(name, value)).toEqual(['必須入力項目です']);
  });

  it('passes anything entered', () => {
    expect(messagesOf(name, '山田')).toEqual([]);
  });

  it('refuses a value of the wrong kind with the malformed message, not the required one', () => {
    expect(messagesOf(name, 42)).toEqual(['入力形式が正しくありません']);
  });
});

describe('text no column can store', () => {
  it('refuses a NUL or a lone surrogate in any text rule with 使用できない文字が含まれています, and nothing else', () => {
    for (const schema of [
      rules.text({ required: true, maxLength: 3 }),
      rules.text(),
      rules.email(),
      rules.katakana(),
    ])
      for (const value of ['山\u0000田', '\ud800', 'a\udc00b'])
        expect(messagesOf(schema, value)).toEqual(['使用できない文字が含まれています']);
  });

  it('passes characters outside the BMP, written as a surrogate pair', () => {
    expect(messagesOf(rules.text({ required: true }), '𠮷野家😀')).toEqual([]);
  });
});

describe('control codes: names are text', () => {
  const REFUSED = '使用できない文字が含まれています';
  // C0 (NUL, BEL, ESC, …), DEL, C1 (NEL U+0085, CSI U+009B, …): never text.
  const CONTROLS = [
    '\u0000',
    '\u0001',
    '\u0007',
    '\u0008',
    '\u000B',
    '\u000C',
    '\u001B',
    '\u001F',
    '\u007F',
    '\u0080',
    '\u0085',
    '\u009B',
    '\u009F',
  ];
  const LINE_BREAKS = ['\n', '\r', '\r\n', '\t', '\u2028', '\u2029'];

  it('refuses every control code in a single-line field, line breaks and tab included', () => {
    for (const schema of [rules.text({ required: true, maxLength: 30 }), rules.text(), rules.katakana()])
      for (const control of [...CONTROLS, ...LINE_BREAKS])
        expect(messagesOf(schema, `山田${control}太郎`), JSON.stringify(control)).toEqual([REFUSED]);
  });

  it('refuses a line break even at the end of a name, where a blank check would trim it away', () => {
    expect(messagesOf(rules.text({ required: true }), '山田\n')).toEqual([REFUSED]);
    expect(messagesOf(rules.text(), '\r\n')).toEqual([REFUSED]);
  });

  it('keeps tab and line breaks in a multi-line field, and refuses the other control codes there', () => {
    const body = rules.text({ required: true, maxLength: 200, multiline: true });
    expect(messagesOf(body, '一行目\n二行目\r\n\t三行目')).toEqual([]);
    for (const control of CONTROLS)
      expect(messagesOf(body, `本文${control}です`), JSON.stringify(control)).toEqual([REFUSED]);
  });

  it('passes ordinary Japanese and Latin text, full-width spaces and symbols included', () => {
    for (const value of [
      '山田 太郎',
      '株式会社さくら精工\u3000本社',
      'Sakura-Seiko Co., Ltd.',
      '𠮷野家＆Co.',
      '①②③',
    ])
      expect(messagesOf(rules.text({ required: true }), value), value).toEqual([]);
  });
});

describe('optional fields', () => {
  it('pass when empty: undefined, null, an empty string or only spaces', () => {
    for (const schema of [
      rules.text(),
      rules.phone(),
      rules.email(),
      rules.url(),
      rules.time(),
      rules.katakana(),
    ])
      for (const value of [undefined, null, '', '  ']) expect(messagesOf(schema, value)).toEqual([]);
  });

  it('are still checked when something is entered', () => {
    expect(messagesOf(rules.phone(), '0312345678')).toEqual(['電話番号が正しくありません']);
  });

  it('count an empty list as empty', () => {
    expect(isEmptyValue([])).toBe(true);
    expect(isEmptyValue(0)).toBe(false);
  });
});

describe('formats: each passes a good value and refuses a bad one with its message', () => {
  const cases = [
    {
      rule: 'phone',
      good: ['03-1234-5678', '090-1234-5678', '0120-12-345', '11-22-333'],
      bad: ['0312345678', '03-1234-56', '03-12345-6789', '０３-1234-5678', '03–1234–5678', '1-234-5678'],
      message: '電話番号が正しくありません',
    },
    {
      rule: 'email',
      good: ['taro@example.co.jp', 'taro.yamada+news@bank.example.com', 'taro..yamada.@docomo.ne.jp'],
      bad: [
        'taro',
        'taro@',
        'taro@localhost',
        '@example.com',
        'taro@example..com',
        'taro yamada@example.com',
        'taro@-example.com',
      ],
      message: 'メールアドレスが正しくありません',
    },
    {
      rule: 'decimal',
      good: ['0', '12', '3.25', '007.5'],
      bad: ['1.', '.5', '-1', '1,000', '１２', '1e3', 'abc'],
      message: '半角数字で入力してください',
    },
    {
      rule: 'digitsAndHyphens',
      good: ['123-4567', '0123', '---'],
      bad: ['123 4567', '１２３-４５６７', '123ー4567', 'a-1'],
      message: '半角数字と半角ハイフンで入力してください',
    },
    {
      rule: 'katakana',
      good: [
        'ヤマダ タロウ',
        'ヤマダ\u3000タロウ',
        'カブシキガイシャ',
        'ジョン・スミス',
        'スーパー',
        'ヴァイオリン',
        'ヽヾ',
      ],
      bad: ['やまだ', '山田', 'ﾔﾏﾀﾞ', 'YAMADA', 'ヤマダ1'],
      message: 'カナを入力してください',
    },
    {
      rule: 'digits',
      good: ['0', '0123456789'],
      bad: ['12-3', '１２３', '1.5', '-1'],
      message: '半角数字で入力してください',
    },
    {
      rule: 'alphanumeric',
      good: ['abc123', 'ABC', '007'],
      bad: ['abc-123', 'ａｂｃ', 'abc 123', 'abc_1'],
      message: '半角英数字で入力してください',
    },
    {
      rule: 'time',
      good: ['00:00', '09:05', '18:00', '23:59'],
      bad: ['24:00', '9:00', '18:60', '18:0', '１８:００', '18時00分', '18.00'],
      message: '半角数字とコロン・24時間表記で入力してください　例：18:00',
    },
    {
      rule: 'url',
      good: ['https://www.example.co.jp', 'http://example.com/path?q=1#top', 'https://銀行.example.jp/'],
      bad: [
        'www.example.co.jp',
        'ftp://example.com',
        'https://',
        'https://localhost',
        'https://exa mple.com',
        'javascript:alert(1)',
      ],
      message: 'URLの形式が正しくありません',
    },
    {
      rule: 'corporateNumber',
      // 国税庁 and トヨタ自動車 as the 国税庁法人番号公表サイト lists them; 9 is a check digit too.
      good: ['7000012050002', '1180301018771', '9000000000000'],
      bad: [
        '8000012050002',
        '700001205000',
        '70000120500021',
        '0000012050002',
        '７０００01205000２',
        '7000-01205-0002',
      ],
      message: '法人番号が正しくありません（13桁の半角数字）',
    },
    {
      rule: 'postCode',
      good: ['1040061', '104-0061', '060-0000'],
      bad: ['104-006', '10400611', '104ー0061', '１０４-００６１', '1040-061', '〒104-0061'],
      message: '郵便番号は7桁の半角数字で入力してください（例：104-0061）',
    },
  ] as const;

  for (const { rule, good, bad, message } of cases) {
    it(`${rule}: ${message}`, () => {
      const schema = rules[rule]({ required: true });
      for (const value of good) expect(messagesOf(schema, value), value).toEqual([]);
      for (const value of bad) expect(messagesOf(schema, value), value).toEqual([message]);
      for (const value of bad) expect(textFormatError(rule, value), value).toBe(message);
    });
  }
});

describe('e-mail length limits', () => {
  const domain = '@example.co.jp';

  it('accepts a local part of 64 characters and refuses 65', () => {
    expect(isEmailAddress(`${'a'.repeat(64)}${domain}`)).toBe(true);
    expect(messagesOf(rules.email(), `${'a'.repeat(65)}${domain}`)).toEqual([
      'メールアドレスが正しくありません',
    ]);
  });

  it('accepts 254 characters in all and refuses 255', () => {
    const label = 'b'.repeat(60);
    const longDomain = (length: number) => {
      // 64-character local part + @ + labels of 60 joined by dots + .jp, padded to the wanted length.
      const base = `${'a'.repeat(64)}@${label}.${label}.${label}.`;
      return `${base}${'c'.repeat(length - base.length - 3)}.jp`;
    };
    expect(longDomain(254)).toHaveLength(254);
    expect(isEmailAddress(longDomain(254))).toBe(true);
    expect(messagesOf(rules.email(), longDomain(255))).toEqual(['メールアドレスが正しくありません']);
  });
});

describe('integers', () => {
  it('positive integer: 1 and above, as text or a number, read as a number', () => {
    const schema = rules.positiveInteger({ required: true });
    expect(z.parse(schema, '1')).toBe(1);
    expect(z.parse(schema, '25')).toBe(25);
    expect(z.parse(schema, 7)).toBe(7);
    for (const value of ['0', '-1', '1.5', '１', 'abc', ' 5', 0, 2.5])
      expect(messagesOf(schema, value), String(value)).toEqual(['1以上の整数を半角で入力してください']);
    expect(messagesOf(schema, '')).toEqual(['必須入力項目です']);
    expect(messagesOf(schema, undefined)).toEqual(['必須入力項目です']);
  });

  it('integer with minus: negative, zero and positive pass', () => {
    const schema = rules.integer({ required: true });
    expect(z.parse(schema, '-12')).toBe(-12);
    expect(z.parse(schema, '0')).toBe(0);
    for (const value of ['1.5', '--1', '+1', '１', '9007199254740993'])
      expect(messagesOf(schema, value), value).toEqual(['整数を半角で入力してください']);
  });

  it('an optional integer left empty reads as undefined', () => {
    const schema = rules.integer();
    expect(z.parse(schema, '')).toBeUndefined();
    expect(z.parse(schema, null)).toBeUndefined();
    expect(z.parse(schema, undefined)).toBeUndefined();
    expect(z.parse(schema, '3')).toBe(3);
    expect(messagesOf(schema, 'x')).toEqual(['整数を半角で入力してください']);
  });
});

describe('max length', () => {
  it('counts characters, not UTF-16 units: 𠮷 is one character', () => {
    const schema = rules.text({ maxLength: 3 });
    expect(messagesOf(schema, '𠮷野家')).toEqual([]);
    expect(messagesOf(schema, 'あいうえ')).toEqual(['3文字以内で入力してください']);
  });

  it('reports the length beside a format failure', () => {
    expect(messagesOf(rules.phone({ maxLength: 5 }), 'abcdef')).toEqual([
      '電話番号が正しくありません',
      '5文字以内で入力してください',
    ]);
  });
});

describe('non-empty list', () => {
  it('refuses an empty or missing list with 必須入力項目です', () => {
    const schema = rules.array(z.string(), { required: true });
    expect(messagesOf(schema, [])).toEqual(['必須入力項目です']);
    expect(messagesOf(schema, undefined)).toEqual(['必須入力項目です']);
    expect(messagesOf(schema, ['a'])).toEqual([]);
  });

  it('lets an optional list be empty', () => {
    expect(messagesOf(rules.array(z.string()), [])).toEqual([]);
    expect(messagesOf(rules.array(z.string()), undefined)).toEqual([]);
  });
});

describe('dates (today is the calendar date in Japan)', () => {
  // 2025-06-15 08:00 in Japan, 2025-06-14 23:00 UTC: the two calendars disagree on the date.
  const now = new Date('2025-06-14T23:00:00Z');
  const dated = validationRules({ now: () => now });

  it('reads dates as forms and the API write them', () => {
    expect(parseDateValue('2025-06-15')?.toISOString()).toBe('2025-06-14T15:00:00.000Z');
    expect(parseDateValue('2025/6/15')?.toISOString()).toBe('2025-06-14T15:00:00.000Z');
    expect(parseDateValue('2025-06-15 10:30')?.toISOString()).toBe('2025-06-15T01:30:00.000Z');
    expect(parseDateValue('2025-06-15T01:30:00Z')?.toISOString()).toBe('2025-06-15T01:30:00.000Z');
    expect(parseDateValue('2025-02-30')).toBeUndefined();
    expect(parseDateValue('next week')).toBeUndefined();
  });

  it('past date: refuses yesterday with 入力が過去日です, passes today and tomorrow', () => {
    const schema = dated.notPastDate({ required: true });
    expect(messagesOf(schema, '2025-06-14')).toEqual(['入力が過去日です']);
    expect(messagesOf(schema, '2025-06-15')).toEqual([]);
    expect(messagesOf(schema, '2025-06-16')).toEqual([]);
    expect(messagesOf(schema, '2025-13-01')).toEqual(['入力形式が正しくありません']);
  });

  it('past date and time: refuses a moment earlier today, passes a later one', () => {
    const schema = dated.notPastDateTime();
    expect(messagesOf(schema, '2025-06-15 07:59')).toEqual(['入力が過去日です']);
    expect(messagesOf(schema, '2025-06-15 08:01')).toEqual([]);
  });

  it('today-or-later and past-date predicates agree with the Japanese calendar', () => {
    expect(isTodayOrLater('2025-06-15', now)).toBe(true);
    expect(isTodayOrLater('2025-06-14', now)).toBe(false);
    expect(isPastDate('2025-06-14', now)).toBe(true);
    expect(isPastDate(new Date('2025-06-14T15:00:00Z'), now)).toBe(false);
    expect(isTodayOrLater('garbage', now)).toBe(false);
  });
});

describe('publication ends within 30 days (a warning, not an error)', () => {
  const now = new Date('2025-06-15T03:00:00Z');

  it('warns for an end from today to the 30th day', () => {
    expect(publicationEndWarning('2025-06-15', now)).toBe('30日以内に公開が終了します');
    expect(publicationEndWarning('2025-07-15', now)).toBe('30日以内に公開が終了します');
    expect(publicationEndWarning(new Date('2025-07-01T00:00:00Z'), now)).toBe('30日以内に公開が終了します');
  });

  it('says nothing for the 31st day, an end already past, or an unreadable date', () => {
    expect(publicationEndWarning('2025-07-16', now)).toBeUndefined();
    expect(publicationEndWarning('2025-06-14', now)).toBeUndefined();
    expect(publicationEndWarning('someday', now)).toBeUndefined();
  });
});

describe('start and end time pair', () => {
  const form = z
    .object({ start_time: rules.time(), end_time: rules.time() })
    .check(rules.timeRange('start_time', 'end_time'));

  it('asks for the end time on the end field when only the start is entered', () => {
    expect(fieldMessages(form, { start_time: '10:00', end_time: '' })).toEqual({
      end_time: ['終了時間も入力してください'],
    });
  });

  it('asks for the start time on the start field when only the end is entered', () => {
    expect(fieldMessages(form, { end_time: '10:00' })).toEqual({
      start_time: ['開始時間も入力してください'],
    });
  });

  it('refuses an end that is not later than the start, on the end field', () => {
    const message = '終了時間が開始時間より遅くなるように入力してください';
    expect(fieldMessages(form, { start_time: '18:00', end_time: '09:00' })).toEqual({ end_time: [message] });
    expect(fieldMessages(form, { start_time: '18:00', end_time: '18:00' })).toEqual({ end_time: [message] });
  });

  it('passes an end later than the start, and both left empty', () => {
    expect(fieldMessages(form, { start_time: '09:00', end_time: '18:00' })).toEqual({});
    expect(fieldMessages(form, { start_time: '', end_time: '' })).toEqual({});
  });

  it('leaves a malformed time to its own field rule', () => {
    expect(fieldMessages(form, { start_time: '9:00', end_time: '08:00' })).toEqual({
      start_time: ['半角数字とコロン・24時間表記で入力してください　例：18:00'],
    });
  });

  it('works on a classic zod object of a server route too', () => {
    const route = classic
      .object({ start_time: rules.time(), end_time: rules.time() })
      .check(rules.timeRange('start_time', 'end_time'));
    expect(fieldMessages(route, { start_time: '10:00' })).toEqual({
      end_time: ['終了時間も入力してください'],
    });
  });
});

describe('lazy mode', () => {
  const lazy = validationRules({ lazy: true });

  it('skips required checks: an empty required field passes', () => {
    const draft = z.object({
      title: lazy.text({ required: true }),
      count: lazy.positiveInteger({ required: true }),
      tags: lazy.array(z.string(), { required: true }),
    });
    expect(fieldMessages(draft, {})).toEqual({});
    expect(fieldMessages(draft, { title: '', count: '', tags: [] })).toEqual({});
  });

  it('still checks what was entered', () => {
    expect(messagesOf(lazy.email({ required: true }), 'not-an-address')).toEqual([
      'メールアドレスが正しくありません',
    ]);
    expect(messagesOf(lazy.text({ required: true, maxLength: 2 }), 'abc')).toEqual([
      '2文字以内で入力してください',
    ]);
  });

  it('skips the time pair’s "enter the other one" but not the order', () => {
    const form = z
      .object({ start_time: lazy.time(), end_time: lazy.time() })
      .check(lazy.timeRange('start_time', 'end_time'));
    expect(fieldMessages(form, { start_time: '10:00' })).toEqual({});
    expect(fieldMessages(form, { start_time: '10:00', end_time: '09:00' })).toEqual({
      end_time: ['終了時間が開始時間より遅くなるように入力してください'],
    });
  });
});

describe('use by the server', () => {
  it('answers through the spec error map without changing the rules’ own messages', () => {
    const body = classic.object({ tel: rules.phone({ required: true }), name: classic.string() });
    const result = body.safeParse({ tel: '123' }, { error: specErrorMap });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      '電話番号が正しくありません',
      '必須入力項目です',
    ]);
  });

  it('describes the rules as JSON Schema for the OpenAPI document', () => {
    const body = z.object({ tel: rules.phone({ required: true }), count: rules.positiveInteger() });
    expect(z.toJSONSchema(body, { io: 'input' })).toMatchObject({
      properties: { tel: { type: 'string' }, count: { type: ['string', 'number', 'null'] } },
      required: ['tel'],
    });
  });
});

describe('types', () => {
  it('types a required field as filled and an optional or lazy one as possibly empty', () => {
    expectTypeOf<z.output<ReturnType<typeof rules.text<true>>>>().toEqualTypeOf<string>();
    expectTypeOf<z.output<ReturnType<typeof rules.phone>>>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<z.output<ReturnType<typeof rules.positiveInteger<true>>>>().toEqualTypeOf<number>();
    expectTypeOf<z.output<ReturnType<typeof rules.integer>>>().toEqualTypeOf<number | undefined>();
    const lazy = validationRules({ lazy: true });
    expectTypeOf(lazy.text({ required: true })).toEqualTypeOf<ReturnType<typeof rules.text<false>>>();
    expectTypeOf(rules.text({ required: true })).toEqualTypeOf<ReturnType<typeof rules.text<true>>>();
  });
});
