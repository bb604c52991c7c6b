import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QueryState, type QueryStateQuery, QueryWaiting } from '#client/components/page/query-state.tsx';
import { Themed } from '#tests/component/lib/themed.tsx';

function show(query: QueryStateQuery<string[]>, props: { loadFailed?: string; withEmpty?: boolean } = {}) {
  render(
    <Themed>
      <QueryState
        query={query}
        loadFailed={props.loadFailed}
        {...(props.withEmpty
          ? { isEmpty: (names: string[]) => names.length === 0, empty: <p>まだありません</p> }
          : {})}
      >
        {(names) => (
          <ul>
            {names.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        )}
      </QueryState>
    </Themed>,
  );
}

describe('QueryState: a query’s loading, failure and empty states', () => {
  it('says 読み込み中 as a status until the first answer, and nothing else', () => {
    show({ data: undefined, isError: false, isPending: true });
    expect(screen.getByRole('status').textContent).toBe('読み込み中');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says the spec’s データ取得に失敗しました as an alert when the request fails', () => {
    show({ data: undefined, isError: true, isPending: false });
    expect(screen.getByRole('alert').textContent).toBe('データ取得に失敗しました');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says a domain’s own failure text when it has one', () => {
    show(
      { data: undefined, isError: true, isPending: false },
      { loadFailed: 'ニュースの取得に失敗しました。' },
    );
    expect(screen.getByRole('alert').textContent).toBe('ニュースの取得に失敗しました。');
  });

  it('keeps the data already read on screen below the alert when a refresh fails', () => {
    show({ data: ['本店営業部'], isError: true, isPending: false });
    expect(screen.getByRole('alert').textContent).toBe('データ取得に失敗しました');
    expect(screen.getByRole('listitem').textContent).toBe('本店営業部');
  });

  it('shows the content once the data is there', () => {
    show({ data: ['本店営業部', '駅前支店'], isError: false, isPending: false }, { withEmpty: true });
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '本店営業部',
      '駅前支店',
    ]);
    expect(screen.queryByText('まだありません')).toBeNull();
  });

  it('shows the empty state instead of the content when the answer has nothing', () => {
    show({ data: [], isError: false, isPending: false }, { withEmpty: true });
    expect(screen.getByText('まだありません')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });
});

describe('QueryWaiting: a page whose data is not there yet', () => {
  it('says 読み込み中 while the request runs', () => {
    render(
      <Themed>
        <QueryWaiting isError={false} />
      </Themed>,
    );
    expect(screen.getByRole('status').textContent).toBe('読み込み中');
  });

  it('says データ取得に失敗しました once the request failed', () => {
    render(
      <Themed>
        <QueryWaiting isError />
      </Themed>,
    );
    expect(screen.getByRole('alert').textContent).toBe('データ取得に失敗しました');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
