import * as z from 'zod/mini';
import { type FieldErrors, fieldErrorsSchema } from '#server/contracts/envelope.ts';
import type { ApiClient, HttpMethod } from './api-client.ts';
import { DEFAULT_ERROR_MESSAGE } from './http-error.ts';

/** The answer of a save (spec section 7): the envelope, whose result may list error messages. */
const saveAnswerSchema = z.object({
  status: z.enum(['success', 'error']),
  result: z.optional(z.unknown()),
  message: z.optional(z.string()),
  error_message: z.optional(z.string()),
  errors: z.optional(fieldErrorsSchema),
});
const resultErrorMessagesSchema = z.object({ error_messages: z.array(z.string()) });

export type SaveOutcome<T> =
  | { status: 'success'; result: T; message: string | undefined }
  | {
      status: 'error';
      /** error_message, else message, else エラーが発生しました. */
      message: string;
      /** Field errors keyed by field name (`errors`). */
      fieldErrors: FieldErrors;
      /** Messages the server listed in `result.error_messages` (e.g. one per rejected row). */
      errorMessages: string[];
    };

export interface SaveRequestOptions<S extends z.core.$ZodType> {
  method?: HttpMethod;
  /** Parses `result` of a successful save; by default it is not looked at. */
  resultSchema?: S;
  signal?: AbortSignal;
  /** 'refusal': a 404 answers its message, for a command whose subject can be gone (a draft). */
  onNotFound?: 'refusal';
  /**
   * Headers of this command on top of the standard ones: its Idempotency-Key
   * (server/contracts/idempotency.ts), the same for every retry of the same work.
   */
  headers?: Readonly<Record<string, string>>;
}

function failed(
  answer: { message?: string; error_message?: string; errors?: FieldErrors; result?: unknown } | undefined,
): SaveOutcome<never> {
  const listed = resultErrorMessagesSchema.safeParse(answer?.result);
  return {
    status: 'error',
    message: answer?.error_message || answer?.message || DEFAULT_ERROR_MESSAGE,
    fieldErrors: answer?.errors ?? {},
    errorMessages: listed.success ? listed.data.error_messages : [],
  };
}

/**
 * The generic save of spec section 7: sends `data` (POST unless told otherwise) and reads status,
 * result, message, error_message, errors and result.error_messages. A refused save (422/405) and a
 * quiet failure (400, 403, 500, network) both answer status "error"; useSaveFlow shows the toast.
 */
export async function saveRequest<S extends z.core.$ZodType = z.ZodMiniUnknown>(
  api: ApiClient,
  path: string,
  data: unknown,
  { method = 'POST', resultSchema, signal, onNotFound, headers }: SaveRequestOptions<S> = {},
): Promise<SaveOutcome<z.output<S>>> {
  const answer = await api.request(path, {
    method,
    body: data,
    schema: saveAnswerSchema,
    signal,
    onNotFound,
    headers,
  });
  if (answer?.status !== 'success') return failed(answer);
  const result = resultSchema ? z.parse(resultSchema, answer.result) : answer.result;
  return { status: 'success', result: result as z.output<S>, message: answer.message };
}
