import { describe, expect, it, vi } from 'vitest';
import {
  createErrorReporter,
  type ErrorReportingSdk,
  noopErrorReporter,
  sentryDsnOf,
  TRACES_SAMPLE_RATE,
} from '#client/lib/error-reporting.ts';

function fakeSdk() {
  return {
    init: vi.fn(() => undefined),
    browserTracingIntegration: vi.fn(() => ({ name: 'BrowserTracing', setup() {}, afterAllSetup() {} })),
    captureException: vi.fn(() => 'event-id'),
    captureMessage: vi.fn(() => 'event-id'),
  } satisfies ErrorReportingSdk;
}

describe('error reporting', () => {
  it('is off without a DSN: the no-op reporter, and the SDK is never loaded', () => {
    const loadSdk = vi.fn(async () => fakeSdk());
    const reporter = createErrorReporter({ dsn: null, loadSdk });
    expect(reporter).toBe(noopErrorReporter);
    reporter.captureException(new Error('lost on purpose'));
    expect(loadSdk).not.toHaveBeenCalled();
  });

  it('loads the SDK when a DSN is configured, with tracing at a sample rate of 0.1', async () => {
    const sdk = fakeSdk();
    createErrorReporter({
      dsn: 'https://key@errors.example/1',
      environment: 'production',
      loadSdk: async () => sdk,
    });
    await vi.waitFor(() => expect(sdk.init).toHaveBeenCalled());
    expect(sdk.init).toHaveBeenCalledWith(
      expect.objectContaining({
        dsn: 'https://key@errors.example/1',
        environment: 'production',
        tracesSampleRate: 0.1,
      }),
    );
    expect(TRACES_SAMPLE_RATE).toBe(0.1);
  });

  it('keeps reports made while the SDK loads and sends them once it is ready', async () => {
    const sdk = fakeSdk();
    const reporter = createErrorReporter({ dsn: 'https://key@errors.example/1', loadSdk: async () => sdk });
    const early = new Error('during start-up');
    reporter.captureException(early, { tags: { kind: 'startup' } });
    reporter.captureMessage('server info missing');
    await vi.waitFor(() =>
      expect(sdk.captureException).toHaveBeenCalledWith(early, { tags: { kind: 'startup' } }),
    );
    expect(sdk.captureMessage).toHaveBeenCalledWith('server info missing', undefined);

    const later = new Error('later');
    reporter.captureException(later);
    expect(sdk.captureException).toHaveBeenLastCalledWith(later, undefined);
  });

  it('puts reports on the console when the SDK cannot be loaded, so nothing is lost', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const reporter = createErrorReporter({
      dsn: 'https://key@errors.example/1',
      loadSdk: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    });
    await vi.waitFor(() => expect(consoleError).toHaveBeenCalled());
    const error = new Error('after the failure');
    reporter.captureException(error);
    expect(consoleError).toHaveBeenLastCalledWith(error, undefined);
    consoleError.mockRestore();
  });

  it('reads the DSN from the public config only when the config has one', () => {
    expect(sentryDsnOf({ bank_code: '0182' })).toBeNull();
    expect(sentryDsnOf(undefined)).toBeNull();
    expect(sentryDsnOf({ sentry_dsn: null })).toBeNull();
    expect(sentryDsnOf({ sentry_dsn: 'https://key@errors.example/1' })).toBe('https://key@errors.example/1');
  });
});
