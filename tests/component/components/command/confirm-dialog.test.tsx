import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  ConfirmDialog,
  ConfirmQuestion,
  useConfirmedCommand,
} from '#client/components/command/confirm-dialog.tsx';
import {
  type Command,
  LEAVING,
  useCommand,
  useRefusableCommand,
} from '#client/components/command/use-command.ts';
import { DEFAULT_ERROR_MESSAGE } from '#client/lib/request/http-error.ts';
import type { SaveOutcome } from '#client/lib/request/save-request.ts';
import { CommandFrame, deferred, overlayShown, refused, succeeded } from './command-harness.tsx';

const DONE = '削除しました';
const FAILED = '削除に失敗しました';

function DeleteButton({
  send,
  closes,
  after,
}: {
  send: () => Promise<SaveOutcome<unknown>>;
  closes?: 'at-once' | 'on-success';
  after?: () => Promise<unknown>;
}) {
  const deletion = useConfirmedCommand();
  return (
    <>
      <button type="button" onClick={deletion.ask}>
        削除
      </button>
      <ConfirmDialog
        {...deletion.dialog}
        title="お知らせの削除"
        confirmLabel="削除する"
        tone="danger"
        onConfirm={() =>
          void deletion.confirm(send, { done: DONE, failed: FAILED, closes, after }).catch(() => {})
        }
      >
        <ConfirmQuestion>「夏季休業」を削除しますか？</ConfirmQuestion>
      </ConfirmDialog>
    </>
  );
}

function renderDelete(props: Parameters<typeof DeleteButton>[0]) {
  render(
    <CommandFrame>
      <DeleteButton {...props} />
    </CommandFrame>,
  );
  return userEvent.setup();
}

describe('ConfirmDialog with useConfirmedCommand: the spec save flow after a confirmation', () => {
  it('asks first, then shows the overlay while sending, the toast after, and the overlay off', async () => {
    const request = deferred<SaveOutcome<unknown>>();
    const send = vi.fn(() => request.promise);
    const user = renderDelete({ send });

    await user.click(screen.getByRole('button', { name: '削除' }));
    const dialog = screen.getByRole('dialog', { name: 'お知らせの削除' });
    expect(dialog).toHaveTextContent('「夏季休業」を削除しますか？');
    // What cannot be undone: キャンセル has the focus first.
    expect(screen.getByRole('button', { name: 'キャンセル' })).toHaveFocus();
    expect(send).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: '削除する' }));
    expect(send).toHaveBeenCalledTimes(1);
    expect(overlayShown()).toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText(DONE)).not.toBeInTheDocument();

    await act(async () => request.resolve(succeeded()));
    expect(overlayShown()).toBe(false);
    expect(screen.getByRole('status')).toHaveTextContent(DONE);
  });

  it('keeps the overlay up while what the command changed loads again', async () => {
    const reload = deferred<void>();
    const user = renderDelete({ send: async () => succeeded(), after: () => reload.promise });
    await user.click(screen.getByRole('button', { name: '削除' }));
    await user.click(screen.getByRole('button', { name: '削除する' }));
    // The toast is up, the overlay too (both are status regions).
    expect(screen.getByText(DONE)).toBeInTheDocument();
    expect(overlayShown()).toBe(true);
    await act(async () => reload.resolve());
    expect(overlayShown()).toBe(false);
  });

  it('sends nothing when cancelled, by キャンセル or by Escape', async () => {
    const send = vi.fn(async () => succeeded());
    const user = renderDelete({ send });
    await user.click(screen.getByRole('button', { name: '削除' }));
    await user.click(screen.getByRole('button', { name: 'キャンセル' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '削除' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
    expect(overlayShown()).toBe(false);
  });

  it('sends once for a double click, the dialog open until it succeeds', async () => {
    const request = deferred<SaveOutcome<unknown>>();
    const send = vi.fn(() => request.promise);
    const user = renderDelete({ send, closes: 'on-success' });
    await user.click(screen.getByRole('button', { name: '削除' }));
    await user.dblClick(screen.getByRole('button', { name: '削除する' }));
    expect(send).toHaveBeenCalledTimes(1);
    // While it is sent both buttons wait, and the dialog does not close.
    expect(screen.getByRole('button', { name: '削除する' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'キャンセル' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await act(async () => request.resolve(succeeded()));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('shows the failure toast for a refusal and keeps the dialog open to try again', async () => {
    const user = renderDelete({ send: async () => refused(DEFAULT_ERROR_MESSAGE), closes: 'on-success' });
    await user.click(screen.getByRole('button', { name: '削除' }));
    await user.click(screen.getByRole('button', { name: '削除する' }));
    expect(screen.getByRole('alert')).toHaveTextContent(FAILED);
    expect(overlayShown()).toBe(false);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '削除する' })).toBeEnabled();
  });

  it('shows the failure toast and takes the overlay down when the request throws', async () => {
    const user = renderDelete({ send: () => Promise.reject(new Error('network down')) });
    await user.click(screen.getByRole('button', { name: '削除' }));
    await user.click(screen.getByRole('button', { name: '削除する' }));
    expect(screen.getByRole('alert')).toHaveTextContent(FAILED);
    expect(overlayShown()).toBe(false);
  });
});

describe('useCommand: the save flow without a dialog', () => {
  function renderCommand(): () => Command {
    let command: Command | undefined;
    function Capture() {
      command = useCommand();
      return null;
    }
    render(
      <CommandFrame>
        <Capture />
      </CommandFrame>,
    );
    return () => {
      if (!command) throw new Error('useCommand did not render');
      return command;
    };
  }

  it('says 登録が完了しました by default, and the server’s own words when told to', async () => {
    const command = renderCommand();
    await act(async () => {
      await command().run(async () => succeeded('無視される'));
    });
    expect(screen.getByRole('status')).toHaveTextContent('登録が完了しました');
    await act(async () => {
      await command().run(async () => succeeded('招待メールを送信しました'), { serverMessages: true });
      await command().run(async () => refused('このアカウントは無効です'), { serverMessages: true });
    });
    expect(screen.getAllByRole('status').at(-1)).toHaveTextContent('招待メールを送信しました');
    expect(screen.getByRole('alert')).toHaveTextContent('このアカウントは無効です');
  });

  it('answers the outcome, so a form can show its field errors, and throws on what the request threw', async () => {
    const command = renderCommand();
    const outcome = refused(DEFAULT_ERROR_MESSAGE, { name: ['必須入力項目です'] });
    let answered: unknown;
    await act(async () => {
      answered = await command().run(async () => outcome);
    });
    expect(answered).toBe(outcome);
    expect(screen.getByRole('alert')).toHaveTextContent('データの登録に失敗しました');
    const failure = new Error('parse failure');
    await act(async () => {
      await expect(command().run(() => Promise.reject(failure))).rejects.toBe(failure);
    });
    expect(overlayShown()).toBe(false);
  });

  it('keeps the overlay up, says nothing and sends nothing more once the page is being left', async () => {
    const command = renderCommand();
    const send = vi.fn(async () => succeeded());
    await act(async () => {
      await command().run(send, { done: false, after: () => LEAVING });
    });
    expect(overlayShown()).toBe(true);
    expect(screen.queryByText('登録が完了しました')).not.toBeInTheDocument();
    await act(async () => {
      await command().run(send);
    });
    expect(send).toHaveBeenCalledTimes(1);
  });
});

describe('useRefusableCommand: a refusal that says why stays on the page', () => {
  function Reservation({ send }: { send: () => Promise<SaveOutcome<unknown>> }) {
    const command = useRefusableCommand({ done: '退会予約を行いました', failed: '退会予約に失敗しました' });
    return (
      <>
        {command.refusal && <p role="alert">{command.refusal}</p>}
        <button type="button" disabled={command.sending} onClick={() => void command.run(send)}>
          退会予約する
        </button>
      </>
    );
  }

  it('keeps the reason of a refusal until the next command, but not a field error or a quiet failure', async () => {
    const answers = [
      refused('すでに退会予約があります'),
      refused(DEFAULT_ERROR_MESSAGE),
      refused('入力内容に誤りがあります', { leave_month: ['必須入力項目です'] }),
    ];
    render(
      <CommandFrame>
        <Reservation send={async () => answers.shift() ?? succeeded()} />
      </CommandFrame>,
    );
    const user = userEvent.setup();
    const press = () => user.click(screen.getByRole('button', { name: '退会予約する' }));
    await press();
    expect(screen.getByText('すでに退会予約があります')).toBeInTheDocument();
    expect(screen.getByText('退会予約に失敗しました')).toBeInTheDocument();
    await press();
    expect(screen.queryByText('すでに退会予約があります')).not.toBeInTheDocument();
    await press();
    expect(screen.queryByText('入力内容に誤りがあります')).not.toBeInTheDocument();
    await press();
    expect(screen.getByText('退会予約を行いました')).toBeInTheDocument();
  });
});
