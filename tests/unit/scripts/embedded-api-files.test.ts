import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMBEDDED_DEFAULT_API_FILES } from '#tests/api/embedded-default-files.ts';

const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/**
 * npm test's api-embedded run (scripts/test.ts, vitest.config.ts): the api files that differ by engine,
 * again on PGlite and in-memory stores when the api suite ran on PostgreSQL or Redis (CI).
 */
describe('the api files run again on the embedded default', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('names api test files that exist, each once: a renamed file fails here instead of dropping out', () => {
    expect(new Set(EMBEDDED_DEFAULT_API_FILES).size).toBe(EMBEDDED_DEFAULT_API_FILES.length);
    for (const file of EMBEDDED_DEFAULT_API_FILES) {
      expect(file).toMatch(/^tests\/api\/.+\.test\.ts$/);
      expect(fs.existsSync(path.join(ROOT_DIR, file)), file).toBe(true);
    }
  });

  it('leaves out files that already run on both engines under CI', () => {
    for (const file of EMBEDDED_DEFAULT_API_FILES) {
      const source = fs.readFileSync(path.join(ROOT_DIR, file), 'utf8');
      expect(source, file).not.toMatch(/testDatabaseKinds\(\)|testStoreKinds\(\)/);
    }
  });

  it('runs them as a fresh clone does: no PostgreSQL, no Redis, no key prefix, no CI', async () => {
    vi.stubEnv('DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/postgres');
    vi.stubEnv('REDIS_URL', 'redis://127.0.0.1:6379');
    vi.stubEnv('REDIS_KEY_PREFIX', 'ci-1:');
    vi.stubEnv('CI', 'true');
    await import('#tests/api/support/embedded-default.ts');
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'REDIS_KEY_PREFIX', 'CI']) {
      expect(process.env[name], name).toBeUndefined();
    }
  });

  it('is reached by CI: .ci/run sets DATABASE_URL and REDIS_URL before npm test', () => {
    const source = fs.readFileSync(path.join(ROOT_DIR, '.ci', 'run'), 'utf8');
    const npmTest = source.search(/^npm test\b/m);
    expect(npmTest).toBeGreaterThan(0);
    for (const name of ['DATABASE_URL', 'REDIS_URL']) {
      const exported = source.search(new RegExp(`^export ${name}=`, 'm'));
      expect(exported, name).toBeGreaterThan(0);
      expect(exported, name).toBeLessThan(npmTest);
    }
  });
});
