import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenAI-compatible model server for the AI-assisted needs tests: real HTTP on a free port
 * of 127.0.0.1, POST /v1/chat/completions only. It answers as the test sets it and keeps every
 * request it received (headers and parsed JSON body), so a test can read what the gateway sent.
 */

/** How the server answers the next requests. */
export type ModelBehaviour =
  /** A chat completion whose content is this text (the draft as JSON, or anything else). */
  | { kind: 'content'; content: string | null }
  /** An HTTP error with an OpenAI-style error body. */
  | { kind: 'status'; status: number }
  /** 200 with a body that is no chat completion. */
  | { kind: 'raw'; body: string }
  /** Reads the request and never answers. */
  | { kind: 'silent' };

export interface ReceivedRequest {
  url: string;
  authorization: string | undefined;
  body: {
    model?: string;
    response_format?: { type?: string };
    messages?: { role: string; content: string }[];
  };
}

export interface ModelServer {
  /** The base URL the gateway is given (NEED_WRITER_BASE_URL), `http://127.0.0.1:port/v1`. */
  baseUrl: string;
  received: ReceivedRequest[];
  answer(behaviour: ModelBehaviour): void;
  /** An answer whose content is the draft as a model writes it. */
  answerDraft(draft: { title: unknown; body: unknown }): void;
  close(): Promise<void>;
}

function completion(content: string | null) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'test-model',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

export async function startModelServer(): Promise<ModelServer> {
  let behaviour: ModelBehaviour = { kind: 'content', content: '{}' };
  const received: ReceivedRequest[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      received.push({
        url: request.url ?? '',
        authorization: request.headers.authorization,
        body: text === '' ? {} : (JSON.parse(text) as ReceivedRequest['body']),
      });
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"no"}}');
        return;
      }
      const json = (status: number, value: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      switch (behaviour.kind) {
        case 'content':
          return json(200, completion(behaviour.content));
        case 'status':
          return json(behaviour.status, { error: { message: 'model overloaded', type: 'server_error' } });
        case 'raw':
          return response.writeHead(200, { 'content-type': 'application/json' }).end(behaviour.body);
        case 'silent':
          return;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    received,
    answer(next) {
      behaviour = next;
    },
    answerDraft(draft) {
      behaviour = { kind: 'content', content: JSON.stringify(draft) };
    },
    async close() {
      // The silent answers' connections stay open: end them, or close() waits for ever.
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
