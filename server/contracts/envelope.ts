// zod/mini: the client's request layer parses answers with these (see theme-tokens.ts).
import * as z from 'zod/mini';

/** Field errors keyed by field name, each with the spec's Japanese messages. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/**
 * The success envelope of every API answer: `{ status: "success", result }`.
 * Takes any zod 4 schema, classic (server routes) or mini (client and contracts).
 */
export function successEnvelope<T extends z.core.$ZodType>(result: T) {
  return z.object({ status: z.literal('success'), result, message: z.optional(z.string()) });
}

/** The error envelope of every API answer. */
export const errorEnvelopeSchema = z.object({
  status: z.literal('error'),
  message: z.optional(z.string()),
  error_message: z.optional(z.string()),
  errors: z.optional(fieldErrorsSchema),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export function success<T>(result: T, message?: string) {
  return message === undefined
    ? { status: 'success' as const, result }
    : { status: 'success' as const, result, message };
}
