import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { OverlayProvider, OverlaySpinner } from '#client/components/feedback/overlay.tsx';
import { ToastProvider, ToastViewport } from '#client/components/feedback/toast.tsx';
import type { SaveOutcome } from '#client/lib/request/save-request.ts';
import { Themed } from '#tests/component/lib/themed.tsx';

/** The app's frame of a command: theme, overlay and toasts, as the layouts mount them. */
export function CommandFrame({ children }: { children: ReactNode }) {
  return (
    <Themed>
      <ToastProvider>
        <OverlayProvider>
          {children}
          <OverlaySpinner />
          <ToastViewport />
        </OverlayProvider>
      </ToastProvider>
    </Themed>
  );
}

/** A request the test answers by hand, to look at the screen while it runs. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export const overlayShown = () => screen.queryByText('処理中') !== null;

export const succeeded = (message?: string): SaveOutcome<unknown> => ({
  status: 'success',
  result: {},
  message,
});

export const refused = (
  message: string,
  fieldErrors: Record<string, string[]> = {},
): SaveOutcome<unknown> => ({
  status: 'error',
  message,
  fieldErrors,
  errorMessages: [],
});
