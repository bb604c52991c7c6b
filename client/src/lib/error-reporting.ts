import type * as SentrySdk from '@sentry/react';
import { createContext, use } from 'react';
import * as z from 'zod/mini';
import { publicAppConfigSchema } from '#server/contracts/app-config.ts';

/** What a report says besides the error: searchable tags and free-form detail. */
export interface ErrorContext {
  tags?: Record<string, string>;
  extra?: Record<string, unknown>;
}

/**
 * Where the app sends what went wrong (spec section 8: non-401, non-404 errors and local-storage
 * unavailability are reported). Callers depend on this interface only, never on the SDK behind it.
 */
export interface ErrorReporter {
  captureException(error: unknown, context?: ErrorContext): void;
  captureMessage(message: string, context?: ErrorContext): void;
}

/** Reporting switched off (no DSN configured): reports go nowhere and no SDK is loaded. */
export const noopErrorReporter: ErrorReporter = {
  captureException() {},
  captureMessage() {},
};

/** Spec section 9: tracing sample rate 0.1. */
export const TRACES_SAMPLE_RATE = 0.1;

/** The part of the SDK this module uses (type only: nothing of the SDK is bundled by this import). */
export type ErrorReportingSdk = Pick<
  typeof SentrySdk,
  'init' | 'browserTracingIntegration' | 'captureException' | 'captureMessage'
>;

export interface ErrorReporterOptions {
  /** The Sentry DSN; without one reporting is off. */
  dsn: string | null;
  environment?: string;
  release?: string;
  /** Loads the SDK; by default a dynamic import, so the SDK is its own chunk, fetched only when on. */
  loadSdk?: () => Promise<ErrorReportingSdk>;
}

const importSentry = (): Promise<ErrorReportingSdk> => import('@sentry/react');

/**
 * The app's reporter: Sentry when a DSN is configured, otherwise the no-op one. The SDK loads in
 * the background; reports made before it is ready are queued and sent once it is. If the SDK
 * cannot load, that failure and the queued reports go to the console instead of being lost.
 */
export function createErrorReporter(options: ErrorReporterOptions): ErrorReporter {
  if (!options.dsn) return noopErrorReporter;
  const { dsn, environment, release } = options;

  type Report = (sdk: ErrorReportingSdk) => unknown;
  let queue: Report[] | null = [];
  let sdk: ErrorReportingSdk | null = null;

  (options.loadSdk ?? importSentry)()
    .then((loaded) => {
      loaded.init({
        dsn,
        environment,
        release,
        tracesSampleRate: TRACES_SAMPLE_RATE,
        integrations: [loaded.browserTracingIntegration()],
      });
      sdk = loaded;
      for (const report of queue ?? []) report(loaded);
      queue = null;
    })
    .catch((error: unknown) => {
      console.error('The error-reporting SDK could not be loaded', error);
      queue = null;
    });

  const send = (report: Report, fallback: () => void) => {
    if (sdk) report(sdk);
    else if (queue) queue.push(report);
    else fallback();
  };
  return {
    captureException(error, context) {
      send(
        (loaded) => loaded.captureException(error, context),
        () => console.error(error, context),
      );
    },
    captureMessage(message, context) {
      send(
        (loaded) => loaded.captureMessage(message, context),
        () => console.error(message, context),
      );
    },
  };
}

// The gateway sends `sentry_dsn` (its SENTRY_DSN, or null) in the public config. Only that field is
// read from the raw page config, so reporting is on even when the rest of the config fails its
// contract — which is one of the things worth reporting.
const errorReportingConfigSchema = z.pick(publicAppConfigSchema, { sentry_dsn: true });

/** The DSN in a raw (unparsed) public config, or null when there is none. */
export function sentryDsnOf(rawConfig: unknown): string | null {
  const parsed = errorReportingConfigSchema.safeParse(rawConfig);
  return parsed.success && parsed.data.sentry_dsn ? parsed.data.sentry_dsn : null;
}

/** The app's reporter for components; the no-op one outside the app (e.g. a component test). */
export const ErrorReporterContext = createContext<ErrorReporter>(noopErrorReporter);

export function useErrorReporter(): ErrorReporter {
  return use(ErrorReporterContext);
}
