import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CodeChecklistField } from '#client/components/form/code-checklist-field.tsx';
import { Themed } from '#tests/component/lib/themed.tsx';

const OPTIONS = [
  { code: 'mail', name: 'メール' },
  { code: 'push', name: 'プッシュ通知' },
];

describe('CodeChecklistField: codes to tick from a short list', () => {
  it('is a group named by its label, one checkbox per option, ticked by the value', () => {
    render(
      <Themed>
        <CodeChecklistField
          name="channels"
          label="通知方法"
          options={OPTIONS}
          value={['push']}
          onChange={() => {}}
        />
      </Themed>,
    );
    const group = screen.getByRole('group', { name: /通知方法/ });
    expect((within(group).getByRole('checkbox', { name: 'メール' }) as HTMLInputElement).checked).toBe(false);
    expect((within(group).getByRole('checkbox', { name: 'プッシュ通知' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('hands over the codes ticked after a tick or an untick', () => {
    const onChange = vi.fn();
    render(
      <Themed>
        <CodeChecklistField
          name="channels"
          label="通知方法"
          options={OPTIONS}
          value={['push']}
          onChange={onChange}
        />
      </Themed>,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'メール' }));
    expect(onChange).toHaveBeenLastCalledWith(['push', 'mail']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'プッシュ通知' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });
});
