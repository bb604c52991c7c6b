import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OverlayProvider, OverlaySpinner, useOverlay } from '#client/components/feedback/overlay.tsx';
import { ToastProvider, ToastViewport, useToast } from '#client/components/feedback/toast.tsx';
import { TOAST_DURATION_MS } from '#server/contracts/device.ts';
import { Themed } from './themed.tsx';

function ToastButtons() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.success('登録が完了しました')}>
        success
      </button>
      <button type="button" onClick={() => toast.error('データの登録に失敗しました')}>
        error
      </button>
    </>
  );
}

function renderToasts() {
  return render(
    <Themed>
      <ToastProvider>
        <ToastButtons />
        <ToastViewport />
      </ToastProvider>
    </Themed>,
  );
}

describe('toasts (spec section 4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a success toast politely (role="status") for 5000 ms', () => {
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'success' }));
    expect(screen.getByRole('status').textContent).toContain('登録が完了しました');

    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.queryByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it('shows an error toast at once (role="alert") for 5000 ms', () => {
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'error' }));
    expect(screen.getByRole('alert').textContent).toContain('データの登録に失敗しました');
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('stacks toasts, each going after its own 5000 ms', () => {
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'success' }));
    act(() => vi.advanceTimersByTime(2000));
    fireEvent.click(screen.getByRole('button', { name: 'error' }));
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('can be dismissed before its time', () => {
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'error' }));
    fireEvent.click(screen.getByRole('button', { name: '閉じる' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

function OverlayButtons() {
  const overlay = useOverlay();
  return (
    <>
      <button type="button" onClick={overlay.show}>
        show
      </button>
      <button type="button" onClick={overlay.hide}>
        hide
      </button>
    </>
  );
}

describe('overlay spinner', () => {
  it('covers the page until every piece of work that put it up has taken it down', () => {
    render(
      <Themed>
        <OverlayProvider>
          <OverlayButtons />
          <OverlaySpinner />
        </OverlayProvider>
      </Themed>,
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    expect(screen.getByRole('status').textContent).toContain('処理中');
    fireEvent.click(screen.getByRole('button', { name: 'hide' }));
    expect(screen.queryByRole('status')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'hide' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
