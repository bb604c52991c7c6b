import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_CODE_MESSAGE } from '#server/contracts/validation.ts';
import { buildTestApp, devHost, type TestApp } from '#tests/support/app.ts';

describe('GET /api/v1/master/postcode?post_code=', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const lookUp = (postCode: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({
      url: `/api/v1/master/postcode?post_code=${encodeURIComponent(postCode)}`,
      headers: { host: devHost('0182'), ...headers },
    });

  it('names the prefecture (by the prefectures master’s code), the city and the town, with or without the hyphen', async () => {
    for (const postCode of ['104-0061', '1040061']) {
      const answer = await lookUp(postCode);
      expect(answer.statusCode).toBe(200);
      expect(answer.json().result).toEqual([
        {
          post_code: '1040061',
          prefecture_code: '13',
          prefecture_name: '東京都',
          city_code: '13102',
          city_name: '中央区',
          town_name: '銀座',
        },
      ]);
    }
    const prefectures = (
      await testApp.app.inject({ url: '/api/v1/master/prefectures', headers: { host: devHost('0182') } })
    ).json().result as { code: string; name: string }[];
    expect(prefectures.find((prefecture) => prefecture.code === '13')?.name).toBe('東京都');
    expect(prefectures.find((prefecture) => prefecture.code === '01')?.name).toBe('北海道');

    const [sapporo] = (await lookUp('060-0000')).json().result;
    expect(sapporo).toMatchObject({ prefecture_code: '01', city_name: '札幌市中央区', town_name: '' });
  });

  it('answers an empty list for a post code that names no place, and 400 in Japanese for one that is not a post code', async () => {
    expect((await lookUp('000-0000')).json()).toEqual({ status: 'success', result: [] });
    for (const bad of ['104-006', '１０４-００６１', '104-0061x']) {
      const answer = await lookUp(bad);
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json().errors, bad).toEqual({ post_code: [POST_CODE_MESSAGE] });
    }
  });

  it('answers a repeated lookup with 304 and no body', async () => {
    const first = await lookUp('104-0061');
    const again = await lookUp('104-0061', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});
