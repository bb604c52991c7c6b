import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  LOAD_FAILED_MESSAGE,
  NOT_UNIQUE_MESSAGE,
  SAVE_FAILURE_MESSAGE,
  SAVE_SUCCESS_MESSAGE,
  type SaveFlow,
  useSaveFlow,
} from '#client/lib/save-flow.ts';
import { CommandFrame, deferred, overlayShown } from '../components/command/command-harness.tsx';

function renderSaveFlow(): { flow: () => SaveFlow } {
  let flow: SaveFlow | undefined;
  function Capture() {
    flow = useSaveFlow();
    return null;
  }
  render(
    <CommandFrame>
      <Capture />
    </CommandFrame>,
  );
  return {
    flow: () => {
      if (!flow) throw new Error('useSaveFlow did not render');
      return flow;
    },
  };
}

describe('save flow (spec section 4): overlay on, request, toast, overlay off', () => {
  it('shows the overlay while saving, then 登録が完了しました', async () => {
    const { flow } = renderSaveFlow();
    const request = deferred<{ status: 'success' }>();
    let running: Promise<unknown> = Promise.resolve();
    act(() => {
      running = flow().run(() => request.promise);
    });
    expect(overlayShown()).toBe(true);
    expect(screen.queryByText(SAVE_SUCCESS_MESSAGE)).not.toBeInTheDocument();

    await act(async () => {
      request.resolve({ status: 'success' });
      await running;
    });
    expect(overlayShown()).toBe(false);
    expect(screen.getByRole('status').textContent).toContain('登録が完了しました');
  });

  it('answers データの登録に失敗しました for a save that answered an error, and gives the outcome back', async () => {
    const { flow } = renderSaveFlow();
    const outcome = { status: 'error' as const, fieldErrors: { name: ['必須入力項目です'] } };
    let answered: unknown;
    await act(async () => {
      answered = await flow().run(async () => outcome);
    });
    expect(answered).toBe(outcome);
    expect(overlayShown()).toBe(false);
    expect(screen.getByRole('alert').textContent).toContain('データの登録に失敗しました');
  });

  it('leaves a refusal to the page when told to: no toast, the outcome back', async () => {
    const { flow } = renderSaveFlow();
    const outcome = { status: 'error' as const, message: '該当するお申し込みが見つかりません' };
    let answered: unknown;
    await act(async () => {
      answered = await flow().run(async () => outcome, { successToast: false, errorToast: false });
    });
    expect(answered).toBe(outcome);
    expect(overlayShown()).toBe(false);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the error toast and takes the overlay down when the request throws, and throws on', async () => {
    const { flow } = renderSaveFlow();
    const failure = new Error('parse failure');
    await act(async () => {
      await expect(flow().run(() => Promise.reject(failure))).rejects.toBe(failure);
    });
    expect(overlayShown()).toBe(false);
    expect(screen.getByRole('alert').textContent).toContain(SAVE_FAILURE_MESSAGE);
  });

  it('names the load messages of the spec', () => {
    expect(SAVE_SUCCESS_MESSAGE).toBe('登録が完了しました');
    expect(SAVE_FAILURE_MESSAGE).toBe('データの登録に失敗しました');
    expect(LOAD_FAILED_MESSAGE).toBe('データ取得に失敗しました');
    expect(NOT_UNIQUE_MESSAGE).toBe('データが確定できませんでした');
  });
});
