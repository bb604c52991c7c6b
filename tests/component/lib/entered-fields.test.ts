import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { checkEntered, focusField, placeServerErrors } from '#client/lib/forms/entered-fields.ts';

const FIELDS = ['title', 'codes'] as const;
const schema = z.object({ title: z.string().check(z.minLength(1)), codes: z.array(z.string()) });

describe('entered-fields: the steps of a form that keeps its own state', () => {
  it('checks with the schema and keeps the first message of each of the form’s fields', () => {
    const { result, messages } = checkEntered(schema, { title: '', codes: [] }, FIELDS);
    expect(result.success).toBe(false);
    expect(typeof messages.title).toBe('string');
    expect(messages.codes).toBeUndefined();
    expect(checkEntered(schema, { title: 'a', codes: ['1'] }, FIELDS).result.success).toBe(true);
  });

  it('places the server’s messages under the form’s fields and keeps the others apart', () => {
    const { placed, unplaced } = placeServerErrors(
      { title: ['長すぎます', '二つ目'], other: ['ほかの項目'], codes: [] },
      FIELDS,
    );
    expect(placed).toEqual({ title: '長すぎます' });
    expect(unplaced).toEqual(['ほかの項目']);
  });

  it('takes the sender to a field’s input, else to the first control of its group', () => {
    const form = document.createElement('form');
    form.innerHTML = `<input id="title" />
      <div aria-labelledby="codes-label"><input type="checkbox" disabled /><input type="checkbox" name="second" /></div>`;
    document.body.append(form);
    focusField(form, 'title');
    expect(document.activeElement?.id).toBe('title');
    focusField(form, 'codes');
    expect(document.activeElement?.getAttribute('name')).toBe('second');
    form.remove();
  });
});
