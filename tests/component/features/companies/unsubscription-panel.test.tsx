import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserTypeCode } from '#server/contracts/account-types.ts';
import { UNSUBSCRIPTION_MESSAGES } from '#server/contracts/company-unsubscription.ts';
import { maxLengthMessage, VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { OverlaySpinner } from '#client/components/feedback/overlay.tsx';
import { ToastViewport } from '#client/components/feedback/toast.tsx';
import {
  UnsubscriptionPanel,
  type UnsubscriptionPanelProps,
} from '#client/features/companies/admin/components/unsubscription-panel.tsx';
import { masterListQueryOptions } from '#client/lib/master-data.ts';
import { errorOf, sentTo } from '#tests/component/fixtures/registration-fixtures.tsx';
import {
  createProviders,
  type FakeApi,
  fakeApiClient,
  successAnswer,
} from '#tests/component/fixtures/render-layout.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';

const CODE = 'c0ffee00c0ffee00c0ffee00';
const RESERVE = 'POST /api/v1/company/unsubscribe';
const CANCEL = 'POST /api/v1/company/unsubscribe/cancel';

/** As the server seeds the master (server/db/master-data/code-lists.ts), the rows the tests name. */
const REASONS = [
  { code: 'cost', name: '費用に見合う効果がなかった' },
  { code: 'business_closed', name: '廃業・休業のため' },
  { code: 'other', name: 'その他' },
];

/** 2026-04-15 12:00 in Japan: the form offers 2026年4月 to 2027年4月. */
const NOW = new Date('2026-04-15T03:00:00Z');

function renderPanel(
  props: Partial<UnsubscriptionPanelProps> = {},
  options: { api?: FakeApi; userType?: UserTypeCode } = {},
) {
  const onChanged = vi.fn();
  const { Providers, fetch, queryClient } = createProviders({
    user: fixtureUser(options.userType ?? 'bank_admin'),
    api: options.api,
  });
  queryClient.setQueryData(
    masterListQueryOptions(fakeApiClient().api, 'unsubscribe_reasons').queryKey,
    REASONS,
  );
  render(
    <Providers>
      <UnsubscriptionPanel
        companyUniqueCode={CODE}
        reservation={null}
        status="active"
        onChanged={onChanged}
        {...props}
      />
      <ToastViewport />
      <OverlaySpinner />
    </Providers>,
  );
  return { onChanged, fetch, user: userEvent.setup() };
}

/** A toast (a success is a status, a failure an alert) or a refusal shown in place. */
const toastWith = (text: string) => screen.findByText(text);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('UnsubscriptionPanel with no reservation', { timeout: 15_000 }, () => {
  it('offers this month and the next 12 as the month to leave at the end of, and the master’s reasons', () => {
    renderPanel();
    const months = within(screen.getByLabelText(/退会月/)).getAllByRole('option');
    expect(months.map((option) => option.textContent)).toEqual([
      '選択してください',
      '2026年4月末（2026年4月30日）',
      '2026年5月末（2026年5月31日）',
      '2026年6月末（2026年6月30日）',
      '2026年7月末（2026年7月31日）',
      '2026年8月末（2026年8月31日）',
      '2026年9月末（2026年9月30日）',
      '2026年10月末（2026年10月31日）',
      '2026年11月末（2026年11月30日）',
      '2026年12月末（2026年12月31日）',
      '2027年1月末（2027年1月31日）',
      '2027年2月末（2027年2月28日）',
      '2027年3月末（2027年3月31日）',
      '2027年4月末（2027年4月30日）',
    ]);
    expect(months[1]).toHaveValue('2026-04');
    const reasons = within(screen.getByLabelText(/退会理由/)).getAllByRole('option');
    expect(reasons.map((option) => option.textContent)).toEqual([
      '選択してください',
      ...REASONS.map((reason) => reason.name),
    ]);
    expect(screen.getByRole('button', { name: '退会予約' })).toBeEnabled();
  });

  it('asks for the month and the reason, and a note of at most 500 characters, before asking again', async () => {
    const { user, fetch } = renderPanel();
    await user.click(screen.getByRole('button', { name: '退会予約' }));
    expect(errorOf(screen.getByLabelText(/退会月/))).toBe(VALIDATION_MESSAGES.required);
    expect(errorOf(screen.getByLabelText(/退会理由/))).toBe(VALIDATION_MESSAGES.required);
    await user.selectOptions(screen.getByLabelText(/退会月/), '2026-05');
    await user.selectOptions(screen.getByLabelText(/退会理由/), 'cost');
    const note = screen.getByLabelText(/備考/);
    await user.click(note);
    await user.paste('あ'.repeat(501));
    await user.click(screen.getByRole('button', { name: '退会予約' }));
    expect(errorOf(note)).toBe(maxLengthMessage(500));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sentTo(fetch, RESERVE)).toEqual([]);
  });

  it('reserves after asking again: 退会予約を行いました, and the page reloads the company', async () => {
    const { user, fetch, onChanged } = renderPanel(
      {},
      {
        api: {
          [RESERVE]: () =>
            successAnswer(
              { leaves_on: '2026-05-31', reason_code: 'business_closed', note: '電話で確認' },
              UNSUBSCRIPTION_MESSAGES.reserved,
            ),
        },
      },
    );
    await user.selectOptions(screen.getByLabelText(/退会月/), '2026-05');
    await user.selectOptions(screen.getByLabelText(/退会理由/), 'business_closed');
    await user.type(screen.getByLabelText(/備考/), '電話で確認');
    await user.click(screen.getByRole('button', { name: '退会予約' }));
    const dialog = await screen.findByRole('dialog', { name: '退会予約' });
    expect(dialog).toHaveTextContent('2026年5月31日をもって退会する予約をします。よろしいですか？');
    // キャンセル closes it without sending.
    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sentTo(fetch, RESERVE)).toEqual([]);

    await user.click(screen.getByRole('button', { name: '退会予約' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '退会予約' })).getByRole('button', {
        name: '退会予約する',
      }),
    );
    expect(await toastWith(UNSUBSCRIPTION_MESSAGES.reserved)).toBeInTheDocument();
    expect(sentTo(fetch, RESERVE)).toEqual([
      { company_unique_code: CODE, leave_month: '2026-05', reason: 'business_closed', note: '電話で確認' },
    ]);
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('tells a failure with 退会予約に失敗しました, keeps the form, and says why when the server does', async () => {
    let answer = { status: 500, body: { status: 'error', message: 'System Error' } };
    const { user, onChanged } = renderPanel({}, { api: { [RESERVE]: () => answer } });
    const send = async () => {
      await user.click(screen.getByRole('button', { name: '退会予約' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: '退会予約' })).getByRole('button', {
          name: '退会予約する',
        }),
      );
    };
    await user.selectOptions(screen.getByLabelText(/退会月/), '2026-04');
    await user.selectOptions(screen.getByLabelText(/退会理由/), 'cost');
    await send();
    expect(await toastWith(UNSUBSCRIPTION_MESSAGES.reserveFailed)).toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/退会月/)).toHaveValue('2026-04');

    // A reason the master no longer lists: under its field.
    answer = {
      status: 422,
      body: {
        status: 'error',
        message: UNSUBSCRIPTION_MESSAGES.reserveFailed,
        errors: { reason: ['選択肢の中から選んでください'] },
      } as never,
    };
    await send();
    expect(errorOf(screen.getByLabelText(/退会理由/))).toBe('選択肢の中から選んでください');
    expect(onChanged).not.toHaveBeenCalled();

    // Reserved meanwhile by someone else: the message in place, and the company reloads.
    answer = { status: 422, body: { status: 'error', message: UNSUBSCRIPTION_MESSAGES.alreadyReserved } };
    await user.selectOptions(screen.getByLabelText(/退会理由/), 'other');
    await send();
    expect(await screen.findByText(UNSUBSCRIPTION_MESSAGES.alreadyReserved)).toHaveAttribute('role', 'alert');
    expect(onChanged).toHaveBeenCalledTimes(1);
  });
});

describe('UnsubscriptionPanel with a reservation standing', { timeout: 15_000 }, () => {
  const reservation = { leaves_on: '2026-05-31', reason_code: 'cost', note: null };

  it('says when the company leaves and cancels after asking again: 退会予約を取り消しました', async () => {
    const { user, fetch, onChanged } = renderPanel(
      { reservation, status: 'unsubscribe_reserved' },
      {
        api: {
          [CANCEL]: () => successAnswer({ company_unique_code: CODE }, UNSUBSCRIPTION_MESSAGES.cancelled),
        },
      },
    );
    expect(screen.getByText('2026年5月31日をもって退会する予約があります。')).toBeInTheDocument();
    expect(screen.queryByLabelText(/退会月/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '退会予約を取り消す' }));
    const dialog = await screen.findByRole('dialog', { name: '退会予約の取り消し' });
    expect(dialog).toHaveTextContent('2026年5月31日の退会予約を取り消します。よろしいですか？');
    await user.click(within(dialog).getByRole('button', { name: '退会予約を取り消す' }));
    expect(await toastWith(UNSUBSCRIPTION_MESSAGES.cancelled)).toBeInTheDocument();
    expect(sentTo(fetch, CANCEL)).toEqual([{ company_unique_code: CODE }]);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('tells a failed cancel, and a refusal in place', async () => {
    const { user, onChanged } = renderPanel(
      { reservation, status: 'unsubscribe_reserved' },
      {
        api: {
          [CANCEL]: () => ({
            status: 422,
            body: { status: 'error', message: UNSUBSCRIPTION_MESSAGES.tooLate },
          }),
        },
      },
    );
    await user.click(screen.getByRole('button', { name: '退会予約を取り消す' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '退会予約の取り消し' })).getByRole('button', {
        name: '退会予約を取り消す',
      }),
    );
    expect(await toastWith(UNSUBSCRIPTION_MESSAGES.cancelFailed)).toBeInTheDocument();
    expect(screen.getByText(UNSUBSCRIPTION_MESSAGES.tooLate)).toHaveAttribute('role', 'alert');
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('offers no cancel once the last day has passed', () => {
    renderPanel({ reservation: { ...reservation, leaves_on: '2026-03-31' }, status: 'unsubscribe_reserved' });
    expect(screen.getByText('2026年3月31日をもって退会する予約があります。')).toBeInTheDocument();
    expect(screen.getByText(UNSUBSCRIPTION_MESSAGES.tooLate)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '退会予約を取り消す' })).not.toBeInTheDocument();
  });
});

describe('UnsubscriptionPanel when there is nothing to do', () => {
  it('says a company that has left has left', () => {
    renderPanel({ status: 'unsubscribed' });
    expect(screen.getByRole('region', { name: '退会予約の操作' })).toHaveTextContent(
      'この企業は退会済みです。',
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it.each(['branch_admin', 'branch_user'] as const)('shows %s nothing to act on', (userType) => {
    renderPanel({}, { userType });
    expect(screen.queryByRole('region', { name: '退会予約の操作' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
