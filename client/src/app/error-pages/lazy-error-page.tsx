import { lazy, Suspense } from 'react';
import type { ErrorPageProps } from './error-page.tsx';

const ErrorPageChunk = lazy(async () => ({ default: (await import('./error-page.tsx')).ErrorPage }));

/**
 * The error page, loaded when first needed: most visits never show one, so it stays out of the
 * first visit's JavaScript (the 150 kB budget of the public pages).
 */
export function LazyErrorPage(props: ErrorPageProps) {
  return (
    <Suspense fallback={null}>
      <ErrorPageChunk {...props} />
    </Suspense>
  );
}
