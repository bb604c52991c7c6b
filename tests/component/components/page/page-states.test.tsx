import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadFailedNotice, LoadingNotice } from '#client/components/page/page-states.tsx';
import { Themed } from '#tests/component/lib/themed.tsx';

describe('LoadingNotice and LoadFailedNotice: a page’s content replaced by its load state', () => {
  it('says 読み込み中 as a status', () => {
    render(
      <Themed>
        <LoadingNotice />
      </Themed>,
    );
    expect(screen.getByRole('status').textContent).toBe('読み込み中');
  });

  it('says the spec’s データ取得に失敗しました as an alert, or the page’s own words', () => {
    render(
      <Themed>
        <LoadFailedNotice />
        <LoadFailedNotice message="クーポンの取得に失敗しました。" />
      </Themed>,
    );
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'データ取得に失敗しました',
      'クーポンの取得に失敗しました。',
    ]);
  });
});
