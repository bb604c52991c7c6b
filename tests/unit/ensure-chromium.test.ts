import { describe, expect, it } from 'vitest';
import { CHROMIUM_MISSING_LINE, chromiumPlan } from '#scripts/ensure-chromium.ts';

describe('npm test on a machine without Chromium', () => {
  it('runs the e2e suite when the browser is there, whoever runs it', () => {
    for (const isRoot of [true, false])
      expect(chromiumPlan({ hasChromium: true, isRoot, hasAptGet: false })).toBe('ready');
  });

  it("installs Debian's package as root, the way .ci/run does", () => {
    expect(chromiumPlan({ hasChromium: false, isRoot: true, hasAptGet: true })).toBe('install');
  });

  it('stops with one line saying what to run when it cannot install', () => {
    expect(chromiumPlan({ hasChromium: false, isRoot: false, hasAptGet: true })).toBe('missing');
    expect(chromiumPlan({ hasChromium: false, isRoot: true, hasAptGet: false })).toBe('missing');
    expect(CHROMIUM_MISSING_LINE).not.toContain('\n');
    expect(CHROMIUM_MISSING_LINE).toContain('apt-get install -y chromium fonts-ipafont-gothic');
    expect(CHROMIUM_MISSING_LINE).toContain('--project unit --project component --project api');
  });
});
