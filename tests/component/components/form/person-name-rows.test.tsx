import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PersonNameRows } from '#client/components/form/person-name-rows.tsx';
import { Themed } from '#tests/component/lib/themed.tsx';

const rows = {
  lastName: { name: 'user_last_name', required: true },
  firstName: { name: 'user_first_name', required: true },
  lastKana: { name: 'user_last_name_kana', required: true },
  firstKana: { name: 'user_first_name_kana', required: true },
};
const control = (row: { name: string }) => ({ id: row.name, name: row.name, defaultValue: '' });

describe('PersonNameRows: a person’s name and its reading', () => {
  it('asks for the names and readings, and lets the browser fill in the user’s own names', () => {
    render(
      <Themed>
        <PersonNameRows rows={rows} control={control} autoComplete="own" kanaMaxLength={30} />
      </Themed>,
    );
    expect(screen.getByRole('textbox', { name: /氏名（姓）/ }).getAttribute('autocomplete')).toBe(
      'family-name',
    );
    expect(screen.getByRole('textbox', { name: /氏名（名）/ }).getAttribute('autocomplete')).toBe(
      'given-name',
    );
    expect(screen.getByRole('textbox', { name: /氏名カナ（姓）/ }).getAttribute('maxlength')).toBe('60');
    expect(screen.getByRole('textbox', { name: /氏名カナ（名）/ }).getAttribute('maxlength')).toBe('60');
  });

  it('keeps the browser from filling someone else’s account, and leaves the readings unlimited', () => {
    render(
      <Themed>
        <PersonNameRows rows={rows} control={control} autoComplete="off" />
      </Themed>,
    );
    expect(screen.getByRole('textbox', { name: /氏名（姓）/ }).getAttribute('autocomplete')).toBe('off');
    expect(screen.getByRole('textbox', { name: /氏名カナ（名）/ }).hasAttribute('maxlength')).toBe(false);
  });
});
