import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormSubmitRow } from '#client/components/form/form-submit-row.tsx';
import { Themed } from '#tests/component/lib/themed.tsx';

describe('FormSubmitRow: a form’s one send button', () => {
  it('is the form’s submit button, named by its words', () => {
    render(
      <Themed>
        <form aria-label="設定">
          <FormSubmitRow disabled={false}>保存する</FormSubmitRow>
        </form>
      </Themed>,
    );
    const button = screen.getByRole('button', { name: '保存する' });
    expect(button.getAttribute('type')).toBe('submit');
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('cannot be pressed while the form is being sent', () => {
    render(
      <Themed>
        <FormSubmitRow disabled>送信する</FormSubmitRow>
      </Themed>,
    );
    expect((screen.getByRole('button', { name: '送信する' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
