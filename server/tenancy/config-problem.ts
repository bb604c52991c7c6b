import path from 'node:path';
import { z } from 'zod';

/**
 * One thing wrong with a tenant or theme file, as the operator reads it:
 * `file: field: reason` (field is a dotted path such as `theme.overrides.colors.onMain`).
 */
export type ConfigProblem = { file: string; field: string; reason: string };

/** The field of a problem about the file as a whole (unreadable, not JSON, misnamed). */
export const WHOLE_FILE = '(ファイル全体)';

const REQUIRED = '必須入力項目です';
const japaneseZodMessages = z.locales.ja().localeError;

/**
 * Per-parse error map: the schemas' own Japanese messages win; a missing field reads like the
 * spec's required message, everything else takes zod's Japanese locale.
 */
export const japaneseIssueMessages: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type' && issue.input === undefined) return REQUIRED;
  return japaneseZodMessages(issue);
};

function dottedPath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.') || WHOLE_FILE;
}

/** Whether `path` names a key its (existing) parent object lacks. */
function isMissingIn(input: unknown, path: readonly PropertyKey[]): boolean {
  if (path.length === 0) return false;
  let parent = input;
  for (const key of path.slice(0, -1)) {
    if (parent === null || typeof parent !== 'object') return false;
    parent = (parent as Record<PropertyKey, unknown>)[key];
  }
  return (
    parent !== null &&
    typeof parent === 'object' &&
    (parent as Record<PropertyKey, unknown>)[path.at(-1)!] === undefined
  );
}

/**
 * zod issues as problems of one file. An unknown key becomes a problem naming that key; a missing
 * field reads 必須入力項目です even where the schema's own message is about the format (zod applies a
 * field's custom message to a missing value too), which is why the parsed input is passed along.
 */
export function zodIssuesToProblems(
  file: string,
  issues: readonly z.core.$ZodIssue[],
  input?: unknown,
): ConfigProblem[] {
  return issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({
          file,
          field: dottedPath([...issue.path, key]),
          reason: '定義されていない項目です（綴りを確認してください）',
        }))
      : [
          {
            file,
            field: dottedPath(issue.path),
            reason: isMissingIn(input, issue.path) ? REQUIRED : issue.message,
          },
        ],
  );
}

/**
 * `file: field: reason`, the line tenant:check prints. With `baseDir`, a file inside it is shown
 * relative to it (`tenants/0182/tenant.json`), as an operator typing commands from there expects.
 */
export function formatProblem(problem: ConfigProblem, baseDir?: string): string {
  return `${displayPath(problem.file, baseDir)}: ${problem.field}: ${problem.reason}`;
}

/** A path relative to `baseDir` when it lies inside it, else as it is. */
export function displayPath(file: string, baseDir?: string): string {
  if (baseDir === undefined) return file;
  const relative = path.relative(baseDir, file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}
