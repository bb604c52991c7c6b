import * as classic from 'zod';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { publicAppConfigSchema } from '#server/contracts/app-config.ts';
import { successEnvelope } from '#server/contracts/envelope.ts';
import { listRequestSchema } from '#server/contracts/paging.ts';
import { themeOverridesSchema } from '#server/contracts/theme-tokens.ts';
import { RequestValidationError, zodValidatorCompiler } from '#server/plugins/request-validation.ts';

// The contracts are zod/mini (the client bundles them); these are the server's uses of them.

describe('zod/mini contracts on the server', () => {
  it('validate a route body with the spec messages through the request validator', () => {
    const validate = zodValidatorCompiler({
      schema: listRequestSchema(classic.object({ keyword: classic.string().max(5) })),
      method: 'POST',
      url: '/api/v1/news/search',
    });
    const result = validate({ rows: '0', conditions: { keyword: '事業承継セミナー' } });
    expect(result).toMatchObject({ error: expect.any(RequestValidationError) });
    expect((result as { error: RequestValidationError }).error.fieldErrors).toEqual({
      rows: ['1以上の整数を半角で入力してください'],
      'conditions.keyword': ['5文字以内で入力してください'],
    });
    expect(validate({})).toEqual({ value: { rows: 100, page: 1 } });
  });

  it('serialize an answer through fastify-type-provider-zod, dropping undeclared fields', () => {
    const serialize = serializerCompiler({
      schema: successEnvelope(classic.object({ name: classic.string() })),
      method: 'GET',
      url: '/x',
      httpStatus: '200',
    });
    expect(serialize({ status: 'success', result: { name: '本店', secret: 'x' } })).toBe(
      '{"status":"success","result":{"name":"本店"}}',
    );
  });

  it('keep the theme overrides strict inside the classic tenant schema', () => {
    const tenantTheme = classic.object({ overrides: classic._default(themeOverridesSchema, {}) });
    expect(tenantTheme.parse({})).toEqual({ overrides: {} });
    expect(tenantTheme.safeParse({ overrides: { colours: {} } }).success).toBe(false);
  });

  it('describe the public config as JSON Schema for the OpenAPI document', () => {
    expect(classic.toJSONSchema(publicAppConfigSchema, { io: 'output' })).toMatchObject({ type: 'object' });
  });
});
