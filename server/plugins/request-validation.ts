import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { specErrorMap } from '../contracts/zod-error-map.ts';
import type { FieldErrors } from '../contracts/envelope.ts';
import { hasUnstorableCharacter, VALIDATION_MESSAGES } from '../contracts/validation.ts';

/** Marks the validation failures made here, so the error handler can render their field messages. */
export class RequestValidationError extends Error {
  readonly fieldErrors: FieldErrors;

  constructor(fieldErrors: FieldErrors) {
    super('request validation failed');
    this.name = 'RequestValidationError';
    this.fieldErrors = fieldErrors;
  }
}

/** Groups zod issues by field path (`company.name`), keeping every message once, in order. */
export function fieldErrorsFromIssues(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    const messages = (errors[field] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return errors;
}

/**
 * The fields of a request part (body, query, params) holding text no column can store: a NUL or a
 * lone surrogate, in a value or in a key. Every route is covered this way, whatever string schema
 * its fields use; the shared text rules (contracts/validation.ts) answer the same message in forms.
 */
export function unstorableTextFields(data: unknown): string[] {
  const fields: string[] = [];
  const pending: { value: unknown; path: string }[] = [{ value: data, path: '' }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      if (hasUnstorableCharacter(value)) fields.push(path || '_');
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (hasUnstorableCharacter(key)) fields.push(path || '_');
        else pending.push({ value: child, path: childPath });
      }
    }
  }
  return fields.reverse();
}

/**
 * Fastify validator for zod route schemas: like fastify-type-provider-zod's, but parsing with the
 * spec's Japanese messages and failing with field errors in the envelope's shape. Text no column can
 * store is refused first, for every field (PostgreSQL would answer a 500 for a NUL).
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.core.$ZodType> = ({ schema }) => {
  return (data) => {
    const unstorable = unstorableTextFields(data);
    if (unstorable.length > 0) {
      const message = VALIDATION_MESSAGES.unstorableCharacter;
      return {
        error: new RequestValidationError(Object.fromEntries(unstorable.map((field) => [field, [message]]))),
      };
    }
    // z.safeParse takes any zod 4 schema: classic ones and the zod/mini contracts alike.
    const result = z.safeParse(schema, data, { error: specErrorMap });
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(fieldErrorsFromIssues(result.error.issues)) };
  };
};
