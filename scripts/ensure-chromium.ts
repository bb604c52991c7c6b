import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * The e2e suite drives Debian's Chromium (playwright-core brings no browser). Before `npm test` runs
 * it, the browser is there, is installed the way `.ci/run` installs it (Debian's packages, when
 * running as root on a machine with apt-get), or the run stops at once with one line saying what to
 * run: never a suite that fails test by test for want of a browser.
 */
export const CHROMIUM_EXECUTABLE = '/usr/bin/chromium';
/** The browser, and a Japanese font so screenshots are legible (the same list as .ci/run). */
export const CHROMIUM_PACKAGES = ['chromium', 'fonts-ipafont-gothic'] as const;

export type ChromiumPlan = 'ready' | 'install' | 'missing';

/** What to do, from what the machine has. */
export function chromiumPlan(machine: {
  hasChromium: boolean;
  isRoot: boolean;
  hasAptGet: boolean;
}): ChromiumPlan {
  if (machine.hasChromium) return 'ready';
  return machine.isRoot && machine.hasAptGet ? 'install' : 'missing';
}

/** The one line printed when the browser is missing and cannot be installed here. */
export const CHROMIUM_MISSING_LINE =
  `npm test: the e2e suite needs Chromium at ${CHROMIUM_EXECUTABLE}: run ` +
  `\`sudo apt-get install -y ${CHROMIUM_PACKAGES.join(' ')}\` (Debian), or leave e2e out with ` +
  '`npm test -- --project unit --project component --project api`';

const runs = (command: string, args: string[]) =>
  spawnSync(command, args, {
    // The installer's output goes to stderr: stdout's last line stays the totals.
    stdio: ['ignore', process.stderr, process.stderr],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  }).status === 0;

/** Makes sure the browser is there; false (after printing the one line) when it is not. */
export function ensureChromium(): boolean {
  const plan = chromiumPlan({
    hasChromium: fs.existsSync(CHROMIUM_EXECUTABLE),
    isRoot: process.getuid?.() === 0,
    hasAptGet: fs.existsSync('/usr/bin/apt-get'),
  });
  if (plan === 'ready') return true;
  if (plan === 'install') {
    console.error(`npm test: installing ${CHROMIUM_PACKAGES.join(' ')} with apt-get for the e2e suite`);
    if (
      runs('apt-get', ['update', '-qq']) &&
      runs('apt-get', ['install', '-y', '-qq', ...CHROMIUM_PACKAGES]) &&
      fs.existsSync(CHROMIUM_EXECUTABLE)
    )
      return true;
  }
  console.error(CHROMIUM_MISSING_LINE);
  return false;
}
