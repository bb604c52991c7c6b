import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's own folders, as operators committed them. */
export const ROOT_DIR = fileURLToPath(new URL('../../../', import.meta.url));
export const TENANTS_DIR = path.join(ROOT_DIR, 'tenants');
export const THEMES_DIR = path.join(ROOT_DIR, 'themes');

/** A temp folder with copies of some committed banks (and all themes), for tests that edit files. */
export async function copyOfTenants(codes: readonly string[]): Promise<{
  root: string;
  tenantsDir: string;
  themesDir: string;
  remove: () => Promise<void>;
}> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'tenancy-test-'));
  const tenantsDir = path.join(root, 'tenants');
  const themesDir = path.join(root, 'themes');
  for (const code of codes)
    await cp(path.join(TENANTS_DIR, code), path.join(tenantsDir, code), { recursive: true });
  await cp(THEMES_DIR, themesDir, { recursive: true });
  return { root, tenantsDir, themesDir, remove: () => rm(root, { recursive: true, force: true }) };
}

export type LoggedLine = {
  level: 'info' | 'warn' | 'error';
  details: Record<string, unknown>;
  message: string;
};

/** A logger that keeps what the registry writes, in the shape of pino's (details, message). */
export function recordingLogger() {
  const lines: LoggedLine[] = [];
  const at = (level: LoggedLine['level']) => (details: object, message: string) => {
    lines.push({ level, details: details as Record<string, unknown>, message });
  };
  return { lines, logger: { info: at('info'), warn: at('warn'), error: at('error') } };
}
