import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SavedRecordState } from '#client/components/form/saved-record-state.tsx';
import { Themed } from '#tests/component/lib/themed.tsx';

describe('SavedRecordState: where a saved record stands, above its form', () => {
  it('is a section named by its heading, with the facts and the note under it', () => {
    render(
      <Themed>
        <SavedRecordState
          headingId="state-heading"
          heading="審査の状況"
          facts={[{ term: '審査状況', value: '審査中' }]}
        >
          <p>保存すると、もう一度審査に回ります。</p>
        </SavedRecordState>
      </Themed>,
    );
    const section = screen.getByRole('region', { name: '審査の状況' });
    expect(within(section).getByRole('heading', { level: 2, name: '審査の状況' })).toBeTruthy();
    expect(within(section).getByText('審査状況').tagName).toBe('DT');
    expect(within(section).getByText('審査中').tagName).toBe('DD');
    expect(within(section).getByText('保存すると、もう一度審査に回ります。')).toBeTruthy();
  });
});
