import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '#client/lib/router/index.ts';
import { describe, expect, it, vi } from 'vitest';
import type { UserTypeCode } from '#server/contracts/account-types.ts';
import type { PaymentCard } from '#server/contracts/payment-card.ts';
import type { PublicAppConfig } from '#server/contracts/app-config.ts';
import { ToastViewport } from '#client/components/feedback/toast.tsx';
import { CardCompletedPage } from '#client/features/payment/card-completed-page.tsx';
import { CardCreatePage } from '#client/features/payment/card-create-page.tsx';
import { PageLocationContext } from '#client/lib/page-location.ts';
import { config0158, config0182 } from '#tests/component/fixtures/app-configs.ts';
import { createProviders, type FakeAnswer } from '#tests/component/fixtures/render-layout.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';

const VISA_CARD: PaymentCard = {
  brand: 'VISA',
  masked_number: '**** **** **** 1111',
  expiry_month: 3,
  expiry_year: 2031,
  holder_name: 'TARO YAMADA',
  registered_at: '2026-11-25T01:00:00.000Z',
};
const nextYear = String(new Date().getFullYear() + 2);

function renderPage(
  Page: () => React.JSX.Element,
  {
    config = config0182(),
    userType = 'company_owner',
    card = null,
    registerAnswer = () => ({ status: 500, body: {} }),
  }: {
    config?: PublicAppConfig;
    userType?: UserTypeCode;
    card?: PaymentCard | null;
    registerAnswer?: (body: unknown) => FakeAnswer;
  } = {},
) {
  const location = { assign: vi.fn(), reload: vi.fn() };
  const sent: unknown[] = [];
  const { Providers } = createProviders({
    config,
    user: fixtureUser(userType),
    api: {
      'GET /api/v1/payment/card': () => ({ status: 200, body: { status: 'success', result: { card } } }),
      'POST /api/v1/payment/card': (body) => {
        sent.push(body);
        return registerAnswer(body);
      },
    },
  });
  const router = createMemoryRouter(
    [
      { path: '/mypage/payment/card/create', Component: Page },
      { path: '/mypage/payment/card/complate', Component: Page },
      { path: '/mypage/dashboard', element: <p>ダッシュボード本文</p> },
    ],
    { initialEntries: ['/mypage/payment/card/create'] },
  );
  render(
    <PageLocationContext value={location}>
      <Providers>
        <RouterProvider router={router} />
        <ToastViewport />
      </Providers>
    </PageLocationContext>,
  );
  return { location, sent, router };
}

async function fillCard(number: string) {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: /カード番号/ }), number);
  await user.selectOptions(screen.getByRole('combobox', { name: '有効期限（月）' }), '12');
  await user.selectOptions(screen.getByRole('combobox', { name: '有効期限（年）' }), nextYear);
  await user.type(screen.getByRole('textbox', { name: /セキュリティコード/ }), '123');
  await user.type(screen.getByRole('textbox', { name: /カード名義/ }), 'TARO YAMADA');
  await user.click(screen.getByRole('button', { name: '登録する' }));
  return user;
}

const errorOf = (name: RegExp) => {
  const control = screen.getByRole('textbox', { name });
  const row = control.closest('div')?.parentElement;
  return row ? within(row) : screen;
};

describe('/mypage/payment/card/create', () => {
  it("lists the bank's card brands as text and offers the form to an owner", async () => {
    renderPage(CardCreatePage);
    const brands = await screen.findByRole('list', { name: 'ご利用いただけるカードブランド' });
    expect(
      within(brands)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['VISA', 'Mastercard', 'JCB']);
    expect(screen.getByRole('form', { name: 'クレジットカード登録フォーム' })).toBeInTheDocument();
  });

  it('shows 必須入力項目です under each empty field and sends nothing', async () => {
    const user = userEvent.setup();
    const { sent } = renderPage(CardCreatePage);
    await user.click(await screen.findByRole('button', { name: '登録する' }));
    expect(await screen.findAllByText('必須入力項目です')).toHaveLength(4);
    expect(sent).toEqual([]);
  });

  it('refuses a number failing the check digit before sending', async () => {
    const first = renderPage(CardCreatePage);
    await screen.findByRole('form');
    await fillCard('4111111111111112');
    expect(await errorOf(/カード番号/).findByText('カード番号が正しくありません')).toBeInTheDocument();
    expect(first.sent).toEqual([]);
  });

  it('refuses a brand the bank does not list before sending (0158: no Mastercard)', async () => {
    const { sent } = renderPage(CardCreatePage, { config: config0158() });
    await screen.findByRole('form');
    await fillCard('5555555555554444');
    expect(await screen.findByText('このカードブランドはご利用いただけません')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it("puts the gateway's refusal under the card number and stays on the form", async () => {
    const { sent, location } = renderPage(CardCreatePage, {
      registerAnswer: () => ({
        status: 422,
        body: {
          status: 'error',
          message: 'このカードはご利用いただけません',
          errors: { card_number: ['このカードはご利用いただけません'] },
        },
      }),
    });
    await screen.findByRole('form');
    await fillCard('4000000000000002');
    expect(await errorOf(/カード番号/).findByText('このカードはご利用いただけません')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('sends the card and loads the completion page in full on success', async () => {
    const { sent, location } = renderPage(CardCreatePage, {
      registerAnswer: () => ({
        status: 200,
        body: { status: 'success', message: 'カードを登録しました', result: { card: VISA_CARD } },
      }),
    });
    await screen.findByRole('form');
    await fillCard('4111111111111111');
    await vi.waitFor(() => expect(location.assign).toHaveBeenCalledWith('/mypage/payment/card/complate'));
    expect(sent).toEqual([
      {
        card_number: '4111111111111111',
        expiry_month: '12',
        expiry_year: nextYear,
        security_code: '123',
        holder_name: 'TARO YAMADA',
      },
    ]);
  });

  it('shows a registered card, and a user without the payment permission is told to ask the owner', async () => {
    renderPage(CardCreatePage, { userType: 'company_user', card: VISA_CARD });
    const registered = await screen.findByLabelText('登録済みのカード');
    expect(within(registered).getByText('**** **** **** 1111')).toBeInTheDocument();
    expect(within(registered).getByText('03/2031')).toBeInTheDocument();
    expect(screen.getByText(/企業オーナーの方に登録をご依頼ください/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '登録する' })).not.toBeInTheDocument();
  });
});

describe('/mypage/payment/card/complate', () => {
  it('says the registration is complete, shows the card and links to the dashboard', async () => {
    const user = userEvent.setup();
    const { router } = renderPage(CardCompletedPage, { card: VISA_CARD });
    expect(await screen.findByText('クレジットカードの登録が完了しました。')).toBeInTheDocument();
    expect(await screen.findByText('**** **** **** 1111')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'ダッシュボードへ' }));
    expect(router.state.location.pathname).toBe('/mypage/dashboard');
  });
});
