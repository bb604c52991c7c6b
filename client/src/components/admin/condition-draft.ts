import * as z from 'zod/mini';

/**
 * The search panel's draft read from the list call's own condition schema (decision 0110), so a
 * search form need not write its draftOf / conditionsOf pair by hand: each condition is a control's
 * text ('' for "any"), and a control's text becomes the condition the schema accepts (trimmed; a
 * number from its digits; what the schema refuses asks for nothing, as a hand-written `oneOf` did).
 */

type ConditionSchema = z.ZodMiniObject;
export type ConditionDraft<S extends ConditionSchema> = Record<keyof z.output<S> & string, string>;

/** The condition a control's text stands for: the text, else its number, as the schema takes it. */
function conditionOf(field: z.core.$ZodType, text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  for (const candidate of [trimmed, Number(trimmed)]) {
    const parsed = z.safeParse(field, candidate);
    if (parsed.success) return parsed.data;
  }
  return undefined;
}

/** `draftOf` and `conditionsOf` for useSearchDraft, from the conditions' schema. */
export function conditionDraftOf<S extends ConditionSchema>(schema: S) {
  type Conditions = z.output<S>;
  const names = Object.keys(schema.shape) as (keyof Conditions & string)[];
  return {
    draftOf: (conditions: Partial<Conditions>): ConditionDraft<S> => {
      const draft: Record<string, string> = {};
      for (const name of names) {
        const value: unknown = conditions[name];
        draft[name] = value === undefined || value === null ? '' : String(value);
      }
      return draft as ConditionDraft<S>;
    },
    conditionsOf: (draft: ConditionDraft<S>): Conditions => {
      const conditions: Record<string, unknown> = {};
      for (const name of names)
        conditions[name] = conditionOf(schema.shape[name] as z.core.$ZodType, draft[name]);
      return conditions as Conditions;
    },
  };
}
