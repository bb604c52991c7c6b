import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { QueuedFileList } from '#client/components/form/queued-file-list.tsx';
import { Themed } from '#tests/component/lib/themed.tsx';

const files = [
  new File(['a'], 'a.png', { type: 'image/png' }),
  new File(['b'], 'b.png', { type: 'image/png' }),
];

describe('QueuedFileList: the files a form’s save will send', () => {
  it('lists each file with what the save does and a button that takes that one off', () => {
    const onCancel = vi.fn();
    render(
      <Themed>
        <QueuedFileList
          label="保存時に追加する写真"
          files={files}
          noteOf={(file) => `「${file.name}」を保存時に追加します。`}
          cancelLabelOf={(file) => `「${file.name}」の追加を取り消す`}
          onCancel={onCancel}
        />
      </Themed>,
    );
    const list = screen.getByRole('list', { name: '保存時に追加する写真' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('「b.png」を保存時に追加します。')).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: '「b.png」の追加を取り消す' }));
    expect(onCancel).toHaveBeenCalledWith(1);
  });

  it('shows nothing while no file waits', () => {
    render(
      <Themed>
        <QueuedFileList
          label="保存時に登録する画像"
          files={[]}
          noteOf={(file) => file.name}
          cancelLabelOf={() => '取り消す'}
          onCancel={() => {}}
        />
      </Themed>,
    );
    expect(screen.queryByRole('list')).toBeNull();
  });
});
