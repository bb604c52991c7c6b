import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type ReviewChoice, ReviewDecisionPanel } from '#client/components/command/review-decision.tsx';
import { DEFAULT_ERROR_MESSAGE } from '#client/lib/request/http-error.ts';
import type { SaveOutcome } from '#client/lib/request/save-request.ts';
import { CommandFrame, deferred, overlayShown, refused, succeeded } from './command-harness.tsx';

const REQUIRED = '必須入力項目です';

interface Sends {
  approve: (reason: string) => Promise<SaveOutcome<unknown>>;
  reject: (reason: string) => Promise<SaveOutcome<unknown>>;
}

function Review({
  sends,
  reload,
  approvable,
}: {
  sends: Sends;
  reload: () => Promise<unknown>;
  approvable: boolean;
}) {
  const [refusal, setRefusal] = useState<string>();
  const approve: ReviewChoice = {
    label: '承認する',
    done: '承認しました',
    failed: '承認に失敗しました',
    send: sends.approve,
  };
  const reject: ReviewChoice = {
    label: '否認する',
    done: '否認しました',
    failed: '否認に失敗しました',
    check: (reason) => (reason.trim() === '' ? REQUIRED : undefined),
    send: sends.reject,
  };
  return (
    <section aria-label="審査">
      {refusal && <p role="alert">{refusal}</p>}
      <ReviewDecisionPanel
        reasonId="review-note"
        reasonLabel="否認の理由"
        reasonField="review_note"
        reasonHint={(reason) => `${reason.length}文字入力済み`}
        approve={approvable ? approve : undefined}
        reject={reject}
        onRefusal={setRefusal}
        reload={reload}
      />
    </section>
  );
}

function renderReview({
  approve = async () => succeeded(),
  reject = async () => succeeded(),
  reload = async () => {},
  approvable = true,
}: Partial<Sends> & { reload?: () => Promise<unknown>; approvable?: boolean } = {}) {
  const sends = { approve: vi.fn(approve), reject: vi.fn(reject) };
  const reloads = vi.fn(reload);
  render(
    <CommandFrame>
      <Review sends={sends} reload={reloads} approvable={approvable} />
    </CommandFrame>,
  );
  return { sends, reloads, user: userEvent.setup() };
}

const reason = () => screen.getByRole('textbox', { name: /^否認の理由/ });

describe('ReviewDecisionPanel: approve, or reject with a reason', () => {
  it('approves under the overlay, says so, and loads the item again before the overlay goes', async () => {
    const request = deferred<SaveOutcome<unknown>>();
    const { sends, reloads, user } = renderReview({ approve: () => request.promise });
    await user.click(screen.getByRole('button', { name: '承認する' }));
    expect(overlayShown()).toBe(true);
    expect(screen.getByRole('button', { name: '否認する' })).toBeDisabled();
    await act(async () => request.resolve(succeeded()));
    expect(screen.getByRole('status')).toHaveTextContent('承認しました');
    expect(reloads).toHaveBeenCalledTimes(1);
    expect(overlayShown()).toBe(false);
    expect(sends.approve).toHaveBeenCalledTimes(1);
  });

  it('requires a reason to reject: told at the field, which takes the focus, and nothing sent', async () => {
    const { sends, user } = renderReview();
    await user.click(screen.getByRole('button', { name: '否認する' }));
    expect(reason()).toHaveAccessibleDescription(expect.stringContaining(REQUIRED));
    expect(reason()).toHaveAttribute('aria-invalid', 'true');
    expect(reason()).toHaveFocus();
    expect(sends.reject).not.toHaveBeenCalled();
    expect(overlayShown()).toBe(false);

    await user.type(reason(), '写真の出典を明記してください');
    expect(reason()).toHaveAttribute('aria-invalid', 'false');
    expect(reason()).toHaveAccessibleDescription('14文字入力済み');
    await user.click(screen.getByRole('button', { name: '否認する' }));
    expect(sends.reject).toHaveBeenCalledWith('写真の出典を明記してください');
    expect(screen.getByRole('status')).toHaveTextContent('否認しました');
  });

  it('shows the server’s error of the reason at the field', async () => {
    const { user } = renderReview({
      reject: async () => refused(DEFAULT_ERROR_MESSAGE, { review_note: ['1000文字以内で入力してください'] }),
    });
    await user.type(reason(), 'x');
    await user.click(screen.getByRole('button', { name: '否認する' }));
    expect(screen.getByRole('alert')).toHaveTextContent('否認に失敗しました');
    expect(reason()).toHaveAccessibleDescription(expect.stringContaining('1000文字以内で入力してください'));
  });

  it('hands a refusal that says why to the page, and loads the item again', async () => {
    const { reloads, user } = renderReview({ approve: async () => refused('他の担当者が先に審査しました') });
    await user.click(screen.getByRole('button', { name: '承認する' }));
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual(
      expect.arrayContaining(['他の担当者が先に審査しました', expect.stringContaining('承認に失敗しました')]),
    );
    expect(reloads).toHaveBeenCalledTimes(1);
  });

  it('sends once for a double click', async () => {
    const request = deferred<SaveOutcome<unknown>>();
    const { sends, user } = renderReview({ approve: () => request.promise });
    await user.dblClick(screen.getByRole('button', { name: '承認する' }));
    await act(async () => request.resolve(succeeded()));
    expect(sends.approve).toHaveBeenCalledTimes(1);
  });

  it('offers only the decisions the item allows', () => {
    renderReview({ approvable: false });
    expect(screen.queryByRole('button', { name: '承認する' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '否認する' })).toBeEnabled();
  });
});
