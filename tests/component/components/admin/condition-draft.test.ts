import { describe, expect, it } from 'vitest';
import { registrationConditionsSchema } from '#server/contracts/registration-desk.ts';
import { conditionDraftOf } from '#client/components/admin/condition-draft.ts';

const { draftOf, conditionsOf } = conditionDraftOf(registrationConditionsSchema);

describe('conditionDraftOf: a search panel’s draft from the list call’s condition schema', () => {
  it('holds each condition as its control’s text, and "any" as an empty control', () => {
    expect(draftOf({ status: 'pending', bb_id: 2, keyword: 'みなと' })).toEqual({
      status: 'pending',
      variant: '',
      bb_id: '2',
      applied_from: '',
      applied_to: '',
      keyword: 'みなと',
    });
  });

  it('turns the controls back into the conditions the call takes: trimmed, a number from digits', () => {
    expect(
      conditionsOf({
        status: 'pending',
        variant: '',
        bb_id: '2',
        applied_from: '2026-04-01',
        applied_to: '',
        keyword: '  みなと ',
      }),
    ).toEqual({
      status: 'pending',
      variant: undefined,
      bb_id: 2,
      applied_from: '2026-04-01',
      applied_to: undefined,
      keyword: 'みなと',
    });
  });

  it('asks for nothing where a control holds what the schema refuses', () => {
    expect(
      conditionsOf({
        status: 'nonsense',
        variant: '',
        bb_id: '0',
        applied_from: '',
        applied_to: '',
        keyword: ' ',
      }),
    ).toEqual({
      status: undefined,
      variant: undefined,
      bb_id: undefined,
      applied_from: undefined,
      applied_to: undefined,
      keyword: undefined,
    });
  });
});
