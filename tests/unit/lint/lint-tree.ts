import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';

const rootDir = path.resolve(import.meta.dirname, '..', '..', '..');

/**
 * The repository's own eslint.config.js over a small tree written to a temp folder: package.json comes
 * along for its "imports" (`#server/…`), scripts/lint/ for the config's local rule and resolver, and
 * node_modules as a link. The import rules resolve, so a file imported must exist in the tree.
 */
export async function createLintTree(prefix: string, tree: Record<string, string>) {
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  await fs.copyFile(path.join(rootDir, 'eslint.config.js'), path.join(workDir, 'eslint.config.js'));
  await fs.copyFile(path.join(rootDir, 'package.json'), path.join(workDir, 'package.json'));
  await fs.cp(path.join(rootDir, 'scripts', 'lint'), path.join(workDir, 'scripts', 'lint'), {
    recursive: true,
  });
  await fs.symlink(path.join(rootDir, 'node_modules'), path.join(workDir, 'node_modules'), 'dir');
  for (const [file, source] of Object.entries(tree)) {
    await fs.mkdir(path.dirname(path.join(workDir, file)), { recursive: true });
    await fs.writeFile(path.join(workDir, file), source);
  }
  const eslint = new ESLint({ cwd: workDir });
  return {
    workDir,
    /** The messages of one rule for a file of the tree (or `source` linted as if at that path). */
    async messagesOf(ruleId: string, file: string, source?: string): Promise<string[]> {
      const [result] =
        source === undefined
          ? await eslint.lintFiles([path.join(workDir, file)])
          : await eslint.lintText(source, { filePath: path.join(workDir, file) });
      return (result?.messages ?? []).filter((m) => m.ruleId === ruleId).map((m) => m.message);
    },
    remove: () => fs.rm(workDir, { recursive: true, force: true }),
  };
}
