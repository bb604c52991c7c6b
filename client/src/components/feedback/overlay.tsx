import { createContext, type ReactNode, use, useMemo, useState } from 'react';
import styled from 'styled-components';
import { VisuallyHidden } from '../visually-hidden.ts';
import { Spinner } from './spinner.ts';

export interface OverlayApi {
  show(): void;
  hide(): void;
}

const OverlayActionsContext = createContext<OverlayApi | null>(null);
const OverlayVisibleContext = createContext(false);

/**
 * Counts the pieces of work that asked for the overlay: two saves at once keep it up until both
 * have finished. Mounted once above the router's pages.
 */
export function OverlayProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState(0);
  const actions = useMemo<OverlayApi>(
    () => ({
      show: () => setPending((count) => count + 1),
      hide: () => setPending((count) => Math.max(0, count - 1)),
    }),
    [],
  );
  return (
    <OverlayActionsContext value={actions}>
      <OverlayVisibleContext value={pending > 0}>{children}</OverlayVisibleContext>
    </OverlayActionsContext>
  );
}

/** Puts the overlay spinner up and takes it down (spec section 4, save flow). */
export function useOverlay(): OverlayApi {
  const actions = use(OverlayActionsContext);
  if (!actions) throw new Error('useOverlay() was called outside <OverlayProvider>');
  return actions;
}

const Backdrop = styled.div`
  position: fixed;
  z-index: 1000;
  inset: 0;
  display: grid;
  place-items: center;
  background: rgb(255 255 255 / 60%);
  cursor: progress;
`;

/**
 * Covers the page while work runs, so nothing is pressed twice. The layouts render this once.
 */
export function OverlaySpinner() {
  const visible = use(OverlayVisibleContext);
  if (!visible) return null;
  return (
    <Backdrop role="status" aria-live="polite">
      <Spinner aria-hidden="true" />
      <VisuallyHidden>処理中</VisuallyHidden>
    </Backdrop>
  );
}
