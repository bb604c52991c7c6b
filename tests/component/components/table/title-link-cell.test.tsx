import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '#client/lib/router/index.ts';
import { describe, expect, it } from 'vitest';
import { TitleLinkCell } from '#client/components/table/title-link-cell.tsx';
import { Themed } from '#tests/component/lib/themed.tsx';

function renderCell(note?: string) {
  return render(
    <Themed>
      <RouterProvider
        router={createMemoryRouter([
          {
            path: '/',
            element: (
              <TitleLinkCell to="/mypage/setting/service/offer/edit/c1" title="春のご優待" note={note} />
            ),
          },
        ])}
      />
    </Themed>,
  );
}

describe('TitleLinkCell', () => {
  it('links the title to the item’s page', () => {
    renderCell();
    expect(screen.getByRole('link', { name: '春のご優待' })).toHaveAttribute(
      'href',
      '/mypage/setting/service/offer/edit/c1',
    );
    expect(screen.queryByText(/銀行からのコメント/)).not.toBeInTheDocument();
  });

  it('shows the note under the title when there is one', () => {
    renderCell('銀行からのコメント: 期間を見直してください');
    expect(screen.getByText('銀行からのコメント: 期間を見直してください')).toBeInTheDocument();
  });
});
