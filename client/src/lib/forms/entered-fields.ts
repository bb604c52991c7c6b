import * as z from 'zod/mini';
import type { FieldErrors } from '#server/contracts/envelope.ts';
import { specErrorMap } from '#server/contracts/zod-error-map.ts';

/**
 * The steps of useSchemaForm, one function each, for a form that holds what was entered in its own
 * state (lists of ticked codes, a radio held as text, a picked company): check it with the save's
 * schema, place the server's refusals under their fields, and take the sender to a field.
 */

/**
 * Checks what was entered with the save's own schema and the spec's error map (the server's), so
 * both edges give the same messages; `messages` holds the first message of each of `fields`.
 */
export function checkEntered<S extends z.ZodMiniType, F extends string>(
  schema: S,
  entered: unknown,
  fields: readonly F[],
) {
  const result = z.safeParse(schema, entered, { error: specErrorMap });
  const messages: Partial<Record<F, string>> = {};
  if (!result.success)
    for (const issue of result.error.issues) {
      const [field] = issue.path;
      if (isOneOf(fields, field)) messages[field] ??= issue.message;
    }
  return { result, messages };
}

/**
 * The server's refusal split by where it is shown: the first message of each of the form's
 * `fields` (placed under it), and the messages of any other field (said above the form).
 */
export function placeServerErrors<F extends string>(fieldErrors: FieldErrors, fields: readonly F[]) {
  const placed: Partial<Record<F, string>> = {};
  const unplaced: string[] = [];
  for (const [field, [message]] of Object.entries(fieldErrors))
    if (message === undefined) continue;
    else if (isOneOf(fields, field)) placed[field] ??= message;
    else unplaced.push(message);
  return { placed, unplaced };
}

/** Takes the sender to a field: its input by id, else the first control of its group. */
export function focusField(form: HTMLFormElement, field: string): void {
  const control =
    form.querySelector<HTMLElement>(`#${field}`) ??
    form.querySelector<HTMLElement>(
      `[aria-labelledby="${field}-label"] :is(input, button, select, textarea):not(:disabled)`,
    );
  control?.focus();
}

function isOneOf<F extends string>(fields: readonly F[], name: unknown): name is F {
  return fields.includes(name as F);
}
