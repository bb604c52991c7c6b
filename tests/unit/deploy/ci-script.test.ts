import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const ciScript = path.join(rootDir, '.ci', 'run');

describe('the CI script (.ci/run)', () => {
  it('is an executable bash script that bash accepts', () => {
    expect(fs.statSync(ciScript).mode & 0o111).not.toBe(0);
    const check = spawnSync('bash', ['-n', ciScript], { encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it('stops on the first unexpected error and runs the same npm scripts a developer runs', () => {
    const source = fs.readFileSync(ciScript, 'utf8');
    expect(source).toMatch(/^set -euo pipefail$/m);
    const npmCommands = [...source.matchAll(/^(?:run_step \S+ )?npm (ci|run \S+|test)\b/gm)].map(
      (match) => match[1],
    );
    expect(npmCommands).toEqual(['ci', 'run typecheck', 'run lint', 'test']);
    const scripts = Object.keys(
      JSON.parse(fs.readFileSync(path.join(rootDir, 'package.json'), 'utf8')).scripts,
    );
    expect(scripts).toEqual(expect.arrayContaining(['typecheck', 'lint', 'test']));
  });
});
