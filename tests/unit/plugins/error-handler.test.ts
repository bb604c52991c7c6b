import Fastify from 'fastify';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from '#server/db/database-errors.ts';
import { AppError } from '#server/errors.ts';
import { errorHandlerPlugin } from '#server/plugins/error-handler.ts';
import { zodValidatorCompiler } from '#server/plugins/request-validation.ts';

async function appWith(register: (app: ReturnType<typeof Fastify>) => void) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(zodValidatorCompiler);
  await app.register(errorHandlerPlugin);
  register(app);
  await app.ready();
  return app;
}

describe('the error envelope', () => {
  it('answers a failure inside a handler with 500 "System Error" and no internal detail', async () => {
    const app = await appWith((a) =>
      a.get('/boom', async () => {
        throw new Error('connection to 10.0.0.3 refused: password authentication failed');
      }),
    );
    const response = await app.inject({ url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ status: 'error', message: 'System Error' });
    expect(response.body).not.toContain('10.0.0.3');
  });

  it('answers a database that is busy or away with 503, a Japanese message and Retry-After', async () => {
    const app = await appWith((a) =>
      a.get('/slow', async () => {
        throw new DatabaseUnavailableError('statement_timeout', new Error('canceling statement on 10.0.0.3'));
      }),
    );
    const response = await app.inject({ url: '/slow' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({
      status: 'error',
      message: 'ただいま混み合っています。しばらく時間をおいてから再度お試しください。',
    });
    expect(response.body).not.toContain('10.0.0.3');
  });

  it('answers an AppError with its status and Japanese message', async () => {
    const app = await appWith((a) =>
      a.get('/forbidden', async () => {
        throw new AppError('forbidden', 403, '権限がありません');
      }),
    );
    const response = await app.inject({ url: '/forbidden' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: 'error', message: '権限がありません' });
  });

  it("renders body validation failures as field errors in the spec's words", async () => {
    const app = await appWith((a) =>
      a.post(
        '/contact',
        {
          schema: {
            body: z.object({
              body: z.string().min(1).max(10),
              email: z.email(),
              count: z.number().int().min(1),
              url: z.url().optional(),
            }),
          },
        },
        async () => ({ ok: true }),
      ),
    );
    const response = await app.inject({
      method: 'POST',
      url: '/contact',
      payload: { body: 'あ'.repeat(11), email: 'not-an-address', count: 0, url: 'nope' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 'error',
      message: '不正なリクエストです',
      errors: {
        body: ['10文字以内で入力してください'],
        email: ['メールアドレスが正しくありません'],
        count: ['1以上の整数を半角で入力してください'],
        url: ['URLの形式が正しくありません'],
      },
    });
    const missing = await app.inject({ method: 'POST', url: '/contact', payload: {} });
    expect(missing.json().errors.body).toEqual(['必須入力項目です']);
  });
});
