import { describe, expect, it } from 'vitest';
import { characterCount, shortenText } from '#server/contracts/text-length.ts';

describe('shortenText', () => {
  it('keeps a text of 20 characters or fewer unchanged (default 20)', () => {
    const twenty = 'あ'.repeat(20);
    expect(shortenText(twenty)).toBe(twenty);
    expect(shortenText('地域の事業者向けセミナー')).toBe('地域の事業者向けセミナー');
  });

  it('cuts a longer text to 20 characters and adds an ellipsis', () => {
    expect(shortenText('あ'.repeat(21))).toBe(`${'あ'.repeat(20)}…`);
  });

  it('takes another maximum', () => {
    expect(shortenText('事業承継セミナーのご案内', 4)).toBe('事業承継…');
  });

  it('counts by code point and never splits a surrogate pair', () => {
    const text = '𠮷'.repeat(21);
    expect(text.length).toBe(42);
    expect(shortenText(text)).toBe(`${'𠮷'.repeat(20)}…`);
    expect(shortenText('𠮷野家の𩸽定食', 3)).toBe('𠮷野家…');
  });
});

describe('characterCount', () => {
  it('counts characters as PostgreSQL does, not UTF-16 units', () => {
    expect(characterCount('𠮷野家')).toBe(3);
    expect(characterCount('')).toBe(0);
  });
});
