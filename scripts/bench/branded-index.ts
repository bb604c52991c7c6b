import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { bareTargetInputSchema } from './bare-target.ts';
import type { gatewayTargetInputSchema } from './gateway-target.ts';
import {
  measureSideBySide,
  type RoundRatio,
  roundRatio,
  type SideBySideOptions,
  type TargetThroughput,
} from './side-by-side.ts';
import { startTargetProcess } from './target-process.ts';

/**
 * DESIGN.md section 7: the branded index.html from the gateway serves at least 0.85 x the requests
 * per second of a bare Fastify route returning the same bytes.
 */
export const BRANDED_INDEX_BUDGET = 0.85;
const BANK_HOST = 'bank0182.localhost';
const PAGE_ACCEPT = 'text/html,application/xhtml+xml';

export interface BrandedIndexResult {
  host: string;
  bytes: number;
  clientBuild: string;
  gateway: TargetThroughput;
  bare: TargetThroughput;
  /** Gateway over bare, per round: median and spread. */
  ratio: RoundRatio;
  budget: number;
  passed: boolean;
}

/** The real client build when there is one; otherwise the fixture build the API tests use (same page shape). */
function clientDistDir(rootDir: string): string {
  const built = path.join(rootDir, 'dist', 'client');
  return fs.existsSync(path.join(built, '.vite', 'manifest.json'))
    ? built
    : path.join(rootDir, 'tests', 'fixtures', 'client-dist');
}

export async function benchmarkBrandedIndex(
  rootDir: string,
  options: SideBySideOptions,
): Promise<BrandedIndexResult> {
  const clientDir = clientDistDir(rootDir);
  const gatewayInput: z.input<typeof gatewayTargetInputSchema> = {
    rootDir,
    clientDistDir: clientDir,
    host: BANK_HOST,
    accept: PAGE_ACCEPT,
  };
  const gateway = await startTargetProcess(
    path.join(import.meta.dirname, 'gateway-target.ts'),
    gatewayInput,
    z.object({ body: z.string(), headers: z.record(z.string(), z.string()) }),
  );
  try {
    const bareInput: z.input<typeof bareTargetInputSchema> = { path: '/', ...gateway.ready };
    const bare = await startTargetProcess(
      path.join(import.meta.dirname, 'bare-target.ts'),
      bareInput,
      z.object({}),
    );
    try {
      const headers = { host: BANK_HOST, accept: PAGE_ACCEPT };
      const [gatewayThroughput, bareThroughput] = await measureSideBySide(
        { label: 'gateway', url: `${gateway.origin}/`, headers, pid: gateway.pid },
        { label: 'bare Fastify', url: `${bare.origin}/`, headers, pid: bare.pid },
        options,
      );
      const ratio = roundRatio(gatewayThroughput, bareThroughput);
      return {
        host: BANK_HOST,
        bytes: Buffer.from(gateway.ready.body, 'base64').length,
        clientBuild: path.relative(rootDir, clientDir),
        gateway: gatewayThroughput,
        bare: bareThroughput,
        ratio,
        budget: BRANDED_INDEX_BUDGET,
        passed:
          ratio.median >= BRANDED_INDEX_BUDGET &&
          gatewayThroughput.failures === 0 &&
          bareThroughput.failures === 0,
      };
    } finally {
      await bare.stop();
    }
  } finally {
    await gateway.stop();
  }
}
