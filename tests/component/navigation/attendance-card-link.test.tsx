import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AttendanceCardLink } from '#client/components/navigation/attendance-card-link.tsx';
import { createProviders } from '../fixtures/render-layout.tsx';

const SITE = 'https://attendance-card.example.jp/apply?bank_code=0182';

beforeEach(() => {
  localStorage.clear();
  // jsdom opens no windows and loads no pages: record what the browser would have opened.
  vi.spyOn(window, 'open').mockImplementation(() => null);
  document.addEventListener('click', preventNavigation);
});

afterEach(() => {
  vi.restoreAllMocks();
  document.removeEventListener('click', preventNavigation);
});

function preventNavigation(event: MouseEvent) {
  event.preventDefault();
}

function renderLink() {
  const { Providers } = createProviders();
  return render(
    <Providers>
      <AttendanceCardLink href={SITE}>勤怠カードアプリを申し込む</AttendanceCardLink>
    </Providers>,
  );
}

describe('attendance-card site confirmation', () => {
  it('asks in a 500-wide dialog before opening the external site in a new tab', async () => {
    const user = userEvent.setup();
    renderLink();
    await user.click(screen.getByRole('link', { name: /勤怠カードアプリを申し込む/ }));
    const dialog = screen.getByRole('dialog', { name: '勤怠カードアプリを開きます' });
    expect(getComputedStyle(dialog).width).toBe('min(500px, 100%)');
    expect(window.open).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: '開く' }));
    expect(window.open).toHaveBeenCalledWith(SITE, '_blank', 'noopener,noreferrer');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens nothing when cancelled, and asks again next time', async () => {
    const user = userEvent.setup();
    renderLink();
    await user.click(screen.getByRole('link', { name: /勤怠カードアプリを申し込む/ }));
    await user.click(screen.getByRole('button', { name: 'キャンセル' }));
    expect(window.open).not.toHaveBeenCalled();
    await user.click(screen.getByRole('link', { name: /勤怠カードアプリを申し込む/ }));
    expect(screen.getByRole('dialog', { name: '勤怠カードアプリを開きます' })).toBeInTheDocument();
  });

  it("does not ask again, ever, once 'do not show again' was ticked", async () => {
    const user = userEvent.setup();
    const first = renderLink();
    await user.click(screen.getByRole('link', { name: /勤怠カードアプリを申し込む/ }));
    await user.click(screen.getByRole('checkbox', { name: '今後このメッセージを表示しない' }));
    await user.click(screen.getByRole('button', { name: '開く' }));
    expect(localStorage.getItem('attendance_card_confirmation_dismissed')).toBe('true');
    first.unmount();

    renderLink();
    const link = screen.getByRole('link', { name: /勤怠カードアプリを申し込む/ });
    expect(link.getAttribute('href')).toBe(SITE);
    expect(link.getAttribute('target')).toBe('_blank');
    await user.click(link);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks again next time when opened without ticking the box', async () => {
    const user = userEvent.setup();
    renderLink();
    await user.click(screen.getByRole('link', { name: /勤怠カードアプリを申し込む/ }));
    await user.click(screen.getByRole('button', { name: '開く' }));
    expect(localStorage.getItem('attendance_card_confirmation_dismissed')).toBeNull();
    await user.click(screen.getByRole('link', { name: /勤怠カードアプリを申し込む/ }));
    expect(screen.getByRole('dialog', { name: '勤怠カードアプリを開きます' })).toBeInTheDocument();
  });
});
