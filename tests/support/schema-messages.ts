import * as z from 'zod/mini';

/** The messages a schema gives for `value`, or [] when it passes. */
export function messagesOf(schema: z.core.$ZodType, value: unknown): string[] {
  const result = z.safeParse(schema, value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

/** The messages per field (dotted path) of an object schema, or {} when the value passes. */
export function fieldMessages(schema: z.core.$ZodType, value: unknown): Record<string, string[]> {
  const result = z.safeParse(schema, value);
  if (result.success) return {};
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) (fields[issue.path.join('.')] ??= []).push(issue.message);
  return fields;
}
