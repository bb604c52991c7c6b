import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ensureChromium } from './ensure-chromium.ts';

/**
 * `npm test`: runs the vitest projects unit, component, api, api-embedded and e2e in that order, each in
 * its own vitest process, then prints one line per suite and, as the very last line, the totals
 * (`N passed, N failed`) that CI reads. A suite whose process crashed or left no report counts as
 * failed. Extra arguments go to every vitest run; `--project <name>` picks suites instead.
 *
 * api-embedded runs the api files that differ by engine (tests/api/embedded-default-files.ts) with
 * DATABASE_URL, REDIS_URL, REDIS_KEY_PREFIX and CI unset, as on a fresh clone: PGlite and in-memory
 * stores. It runs by default only when DATABASE_URL or REDIS_URL is set (CI sets both); without them
 * the api suite itself ran on the embedded default.
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitestEntry = path.join(rootDir, 'node_modules', 'vitest', 'vitest.mjs');
const reportDir = path.join(rootDir, '.test-artifacts');

const SUITES = ['unit', 'component', 'api', 'api-embedded', 'e2e'] as const;
type SuiteName = (typeof SUITES)[number];

/** What a fresh clone's shell does not set: the api-embedded run goes without them. */
const SERVER_VARIABLES = ['DATABASE_URL', 'REDIS_URL', 'REDIS_KEY_PREFIX', 'CI'] as const;

/** Whether the api suite runs on a server (PostgreSQL or Redis) rather than the embedded default. */
const apiRunsOnServers = (env: NodeJS.ProcessEnv) => Boolean(env.DATABASE_URL || env.REDIS_URL);

/** The environment of a suite's vitest process. */
function environmentOf(suite: SuiteName): NodeJS.ProcessEnv {
  if (suite !== 'api-embedded') return process.env;
  const env = { ...process.env };
  for (const name of SERVER_VARIABLES) delete env[name];
  return env;
}

/** The part of vitest's JSON report that is counted. */
const vitestReportSchema = z.object({
  numPassedTests: z.number(),
  numFailedTests: z.number(),
  numPendingTests: z.number(),
  numTodoTests: z.number(),
  testResults: z.array(
    z.object({
      name: z.string(),
      status: z.string(),
      message: z.string().optional(),
      assertionResults: z.array(
        z.object({
          status: z.string(),
          fullName: z.string().optional(),
          failureMessages: z.array(z.string()).optional(),
        }),
      ),
    }),
  ),
});

interface SuiteCount {
  passed: number;
  failed: number;
  skipped: number;
  /** `file › test: first line of the failure`, repeated just above the totals so a log's tail names them. */
  failures?: string[];
}

/** Splits `--project <name>` / `--project=<name>` (which pick suites) from what goes to vitest. */
function parseArguments(argv: readonly string[]): { suites: SuiteName[]; vitestArgs: string[] } {
  const picked: string[] = [];
  const vitestArgs: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] ?? '';
    if (argument === '--project') {
      const name = argv[index + 1];
      if (name === undefined) throw new Error(`--project needs a suite name (${SUITES.join(', ')})`);
      picked.push(name);
      index++;
    } else if (argument.startsWith('--project=')) {
      picked.push(argument.slice('--project='.length));
    } else {
      vitestArgs.push(argument);
    }
  }
  const unknown = picked.filter((name) => !SUITES.includes(name as SuiteName));
  if (unknown.length > 0)
    throw new Error(`unknown suite ${unknown.join(', ')}: the suites are ${SUITES.join(', ')}`);
  const suites =
    picked.length === 0
      ? SUITES.filter((suite) => suite !== 'api-embedded' || apiRunsOnServers(process.env))
      : SUITES.filter((suite) => picked.includes(suite));
  return { suites, vitestArgs };
}

function runSuite(suite: SuiteName, vitestArgs: readonly string[]): SuiteCount {
  const reportFile = path.join(reportDir, `vitest-${suite}.json`);
  // A report left by an earlier run must not stand in for this one.
  fs.rmSync(reportFile, { force: true });
  const run = spawnSync(
    process.execPath,
    [
      vitestEntry,
      'run',
      '--project',
      suite,
      // A filter that matches nothing in this suite (e.g. a unit test folder) is not a failure.
      '--passWithNoTests',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${reportFile}`,
      ...vitestArgs,
    ],
    { cwd: rootDir, stdio: 'inherit', env: environmentOf(suite) },
  );
  if (run.error) {
    console.error(`${suite}: vitest did not start: ${run.error.message}`);
    return { passed: 0, failed: 1, skipped: 0 };
  }
  const exitedCleanly = run.status === 0;
  if (!fs.existsSync(reportFile)) {
    console.error(`${suite}: vitest left no report (exit ${run.status ?? run.signal})`);
    return { passed: 0, failed: 1, skipped: 0 };
  }
  const parsed = vitestReportSchema.safeParse(JSON.parse(fs.readFileSync(reportFile, 'utf8')));
  if (!parsed.success) {
    console.error(`${suite}: the report ${reportFile} is not vitest's JSON report: ${parsed.error.message}`);
    return { passed: 0, failed: 1, skipped: 0 };
  }
  const report = parsed.data;
  // A test file that failed to load or whose hooks threw has no failed test of its own: count the file.
  const filesFailedOutsideTests = report.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  );
  for (const file of filesFailedOutsideTests) {
    console.error(
      `${suite}: ${path.relative(rootDir, file.name)} failed outside its tests: ${file.message ?? ''}`,
    );
  }
  const failures = report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => {
        const reason = (test.failureMessages?.[0] ?? '').split('\n')[0]?.slice(0, 200) ?? '';
        return `${path.relative(rootDir, file.name)} › ${test.fullName ?? '(unnamed)'}: ${reason}`;
      }),
  );
  let failed = report.numFailedTests + filesFailedOutsideTests.length;
  if (!exitedCleanly && failed === 0) {
    // Unhandled errors, a crashed worker or a timeout: vitest failed although no test did.
    console.error(`${suite}: vitest exited with ${run.status ?? run.signal} although no test failed`);
    failed = 1;
  }
  return {
    passed: report.numPassedTests,
    failed,
    skipped: report.numPendingTests + report.numTodoTests,
    failures,
  };
}

function countLine({ passed, failed, skipped }: SuiteCount): string {
  return `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
}

function argumentsOrExit(): ReturnType<typeof parseArguments> {
  try {
    return parseArguments(process.argv.slice(2));
  } catch (error) {
    // A wrong command line is not a test run: say why and print no totals.
    console.error(`npm test: ${(error as Error).message}`);
    process.exit(2);
  }
}

const { suites, vitestArgs } = argumentsOrExit();
// Before any suite runs: a run that cannot reach its end prints no totals.
if (suites.includes('e2e') && !ensureChromium()) process.exit(2);
const counts = suites.map((suite) => ({ suite, count: runSuite(suite, vitestArgs) }));
const total = counts.reduce(
  (sum, { count }) => ({
    passed: sum.passed + count.passed,
    failed: sum.failed + count.failed,
    skipped: sum.skipped + count.skipped,
  }),
  { passed: 0, failed: 0, skipped: 0 },
);

console.log('');
for (const { suite, count } of counts) {
  for (const failure of count.failures ?? []) console.log(`${suite} failed: ${failure}`);
}
for (const { suite, count } of counts) console.log(`${suite}: ${countLine(count)}`);
console.log(countLine(total));
process.exitCode = total.failed === 0 ? 0 : 1;
