import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { TOAST_DURATION_MS } from '#server/contracts/device.ts';

type ToastKind = 'success' | 'error';

interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

export interface ToastApi {
  success(message: string): void;
  error(message: string): void;
}

interface ToastActions {
  show(kind: ToastKind, message: string): void;
  dismiss(id: number): void;
}

// Two contexts: the actions never change, so a component that only shows toasts does not re-render
// each time one appears or goes.
const ToastActionsContext = createContext<ToastActions | null>(null);
const ToastListContext = createContext<readonly ToastItem[]>([]);

/** Holds the toasts of the app; mounted once above the router's pages. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<readonly ToastItem[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (kind: ToastKind, message: string) => {
      nextId.current += 1;
      const id = nextId.current;
      setToasts((current) => [...current, { id, kind, message }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), TOAST_DURATION_MS),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const actions = useMemo(() => ({ show, dismiss }), [show, dismiss]);
  return (
    <ToastActionsContext value={actions}>
      <ToastListContext value={toasts}>{children}</ToastListContext>
    </ToastActionsContext>
  );
}

/** Shows a success or an error toast (spec section 4). Only components under ToastProvider may call it. */
export function useToast(): ToastApi {
  const actions = use(ToastActionsContext);
  if (!actions) throw new Error('useToast() was called outside <ToastProvider>');
  const { show } = actions;
  return useMemo(
    () => ({ success: (message) => show('success', message), error: (message) => show('error', message) }),
    [show],
  );
}

const Stack = styled.div`
  position: fixed;
  z-index: 1100;
  top: ${({ theme }) => theme.spacing.md};
  right: ${({ theme }) => theme.spacing.md};
  left: ${({ theme }) => theme.spacing.md};
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  pointer-events: none;

  ${({ theme }) => theme.media.tabletUp} {
    left: auto;
    align-items: flex-end;
  }
`;

const Toast = styled.div<{ $kind: ToastKind }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.spacing.sm};
  width: min(100%, 420px);
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  color: ${({ theme, $kind }) => ($kind === 'success' ? theme.colors.onSuccess : theme.colors.onDanger)};
  background: ${({ theme, $kind }) => ($kind === 'success' ? theme.colors.success : theme.colors.danger)};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: 0 4px 12px rgb(0 0 0 / 20%);
  pointer-events: auto;
`;

const Message = styled.p`
  flex: 1;
  margin: 0;
  overflow-wrap: anywhere;
`;

const CloseButton = styled.button`
  flex: none;
  width: 28px;
  height: 28px;
  padding: 0;
  font: inherit;
  font-size: 20px;
  line-height: 1;
  color: inherit;
  background: transparent;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  cursor: pointer;
`;

/**
 * The toasts on screen, newest last, each dismissable. A success is announced politely
 * (role="status"), an error at once (role="alert"). The layouts render this once.
 */
export function ToastViewport() {
  const toasts = use(ToastListContext);
  const actions = use(ToastActionsContext);
  if (toasts.length === 0 || !actions) return null;
  return (
    <Stack>
      {toasts.map((toast) => (
        <Toast key={toast.id} $kind={toast.kind} role={toast.kind === 'success' ? 'status' : 'alert'}>
          <Message>{toast.message}</Message>
          <CloseButton type="button" aria-label="閉じる" onClick={() => actions.dismiss(toast.id)}>
            ×
          </CloseButton>
        </Toast>
      ))}
    </Stack>
  );
}
