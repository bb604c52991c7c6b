import { describe, expect, it } from 'vitest';
import { schemaFieldRows } from '#client/components/form/schema-field-rows.ts';

const form = {
  errors: { title: '入力してください' } as Partial<Record<string, string>>,
  register: (name: 'title' | 'body') => ({ name, value: '' }),
};

describe('schemaFieldRows: the row and control builders of a useSchemaForm form', () => {
  it('gives a row its field’s name, 必須, hint and message', () => {
    const { field } = schemaFieldRows(form);
    expect(field('title', true, '30文字以内')).toEqual({
      name: 'title',
      required: true,
      hint: '30文字以内',
      error: '入力してください',
    });
    expect(field('body', false).error).toBeUndefined();
  });

  it('gives the row’s control its id, ARIA links to the notes and the registered props', () => {
    const { field, control } = schemaFieldRows(form);
    expect(control(field('title', true, '30文字以内'))).toEqual({
      id: 'title',
      'aria-required': true,
      'aria-invalid': true,
      'aria-describedby': 'title-hint title-error',
      name: 'title',
      value: '',
    });
  });
});
