import OpenAI, { APIConnectionTimeoutError } from 'openai';
import * as z from 'zod/mini';
import {
  checkedNeedText,
  type NeedText,
  type NeedWriter,
  NeedWriterError,
  needWritingPrompt,
} from './need-writer.ts';

export interface OpenAiNeedWriterOptions {
  /** An OpenAI-compatible API's base URL, up to and including its version (`…/v1`). */
  baseUrl: string;
  model: string;
  /** The server's key; a bank's own server may take none. */
  apiKey: string | undefined;
  /** The whole call, from the request to the last byte of the answer. */
  timeoutMs: number;
}

/** The part of a chat completion a draft is read from; anything else in the answer is ignored. */
const completionSchema = z.object({
  choices: z
    .array(z.object({ message: z.object({ content: z.optional(z.nullable(z.string())) }) }))
    .check(z.minLength(1)),
});

const draftJsonSchema = z.object({ title: z.unknown(), body: z.unknown() });

/** The draft in a completion's content: a JSON object with title and body, or invalid_output. */
function needTextOf(completion: unknown): NeedText {
  const parsed = completionSchema.safeParse(completion);
  const content = parsed.success ? parsed.data.choices[0]?.message.content : undefined;
  if (typeof content !== 'string' || content.trim() === '') throw new NeedWriterError('invalid_output');
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch (error) {
    throw new NeedWriterError('invalid_output', { cause: error });
  }
  const draft = draftJsonSchema.safeParse(json);
  if (!draft.success) throw new NeedWriterError('invalid_output');
  return checkedNeedText(draft.data);
}

/**
 * A writer that asks a model server through the `openai` package's chat completions, which most
 * model servers speak (vLLM, Ollama, LM Studio, Azure and OpenAI itself), asking for a JSON object
 * (`response_format: json_object`). Every client option is given here, so the package reads none
 * of its OPENAI_* variables for them (the config is the only reader of the environment). One try
 * (maxRetries 0) within the timeout: staff wait on the page, and a retry would only double it.
 */
export function openAiNeedWriter(options: OpenAiNeedWriterOptions): NeedWriter {
  const client = new OpenAI({
    baseURL: options.baseUrl,
    // The package refuses to start without a key; a server that takes none ignores it.
    apiKey: options.apiKey ?? 'none',
    adminAPIKey: null,
    organization: null,
    project: null,
    webhookSecret: null,
    timeout: options.timeoutMs,
    maxRetries: 0,
    logLevel: 'off',
  });
  return {
    kind: 'openai',
    async write(task) {
      const prompt = needWritingPrompt(task);
      // The package's timeout ends the wait for the answer's headers; this one covers its body too.
      const deadline = AbortSignal.timeout(options.timeoutMs);
      let completion: unknown;
      try {
        completion = await client.chat.completions.create(
          {
            model: options.model,
            messages: [
              { role: 'system', content: prompt.system },
              { role: 'user', content: prompt.user },
            ],
            response_format: { type: 'json_object' },
          },
          { signal: deadline, timeout: options.timeoutMs, maxRetries: 0 },
        );
      } catch (error) {
        const timedOut = deadline.aborted || error instanceof APIConnectionTimeoutError;
        throw new NeedWriterError(timedOut ? 'timeout' : 'unavailable', { cause: error });
      }
      return needTextOf(completion);
    },
  };
}
