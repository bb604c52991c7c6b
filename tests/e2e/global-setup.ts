import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS } from '../support/browser.ts';
import { CHROMIUM_EXECUTABLE } from '#scripts/ensure-chromium.ts';

/**
 * One Chromium for the whole e2e suite: started once here, each file connects to it
 * (tests/support/e2e.ts) and opens contexts of its own, so no file pays for a browser start.
 */
export default async function startSuiteChromium(project: TestProject) {
  const server = await chromium.launchServer({
    executablePath: CHROMIUM_EXECUTABLE,
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
  };
}
