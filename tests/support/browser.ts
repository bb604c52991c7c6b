import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`); playwright-core brings no browser of its own. */
export const CHROMIUM_EXECUTABLE = '/usr/bin/chromium';

// Flags for a container without a display or a user namespace, and without Chromium calling home
// (updates, sync, first-run pages) in the middle of a test.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const SCREENSHOTS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '.test-artifacts',
  'screenshots',
);

/** A headless Chromium; close it in the suite's teardown. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, headless: true, args: CHROMIUM_ARGS });
}

/**
 * Where a screenshot named `name` goes: .test-artifacts/screenshots/{name}.png (git-ignored).
 * Playwright creates the folder when it writes the file.
 */
export function screenshotPath(name: string): string {
  if (!/^[A-Za-z0-9._-]+$/.test(name)) throw new Error(`screenshot name must be a plain file name: ${name}`);
  return path.join(SCREENSHOTS_DIR, `${name}.png`);
}
