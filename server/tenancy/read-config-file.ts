import { readFile } from 'node:fs/promises';
import { WHOLE_FILE, type ConfigProblem } from './config-problem.ts';

export type ReadConfigFileResult =
  { ok: true; json: unknown; content: Buffer } | { ok: false; problems: ConfigProblem[] };

export function isMissingFile(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

/**
 * A JSON file's bytes and parsed value. A missing, unreadable or malformed file is a problem for the
 * operator (reported with the file), not an exception: one bad bank must not stop the others.
 */
export async function readConfigFile(file: string): Promise<ReadConfigFileResult> {
  let content: Buffer;
  try {
    content = await readFile(file);
  } catch (error) {
    const reason = isMissingFile(error)
      ? 'ファイルがありません'
      : `ファイルを読み込めません（${error instanceof Error ? error.message : String(error)}）`;
    return { ok: false, problems: [{ file, field: WHOLE_FILE, reason }] };
  }
  try {
    return { ok: true, json: JSON.parse(content.toString('utf8')), content };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      problems: [{ file, field: WHOLE_FILE, reason: `JSON として読み込めません（${detail}）` }],
    };
  }
}
