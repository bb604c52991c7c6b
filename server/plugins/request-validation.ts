import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { specErrorMap } from '../contracts/zod-error-map.ts';
import type { FieldErrors } from '../contracts/envelope.ts';

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
 * Fastify validator for zod route schemas: like fastify-type-provider-zod's, but parsing with the
 * spec's Japanese messages and failing with field errors in the envelope's shape.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.core.$ZodType> = ({ schema }) => {
  return (data) => {
    // z.safeParse takes any zod 4 schema: classic ones and the zod/mini contracts alike.
    const result = z.safeParse(schema, data, { error: specErrorMap });
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(fieldErrorsFromIssues(result.error.issues)) };
  };
};
