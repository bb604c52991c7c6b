import type { ReactNode } from 'react';
import { Button } from '#client/components/button/button.tsx';
import { FormActions } from '#client/components/form/form-actions.ts';

/**
 * A form's one send button (保存する, 送信する) in its centred row: the main colour, and disabled
 * while the form is being sent (or while the page says it cannot be). A form with more buttons
 * (一覧に戻る beside it) uses FormButtonRow.
 */
export function FormSubmitRow({ disabled, children }: { disabled: boolean; children: ReactNode }) {
  return (
    <FormActions>
      <Button type="submit" $variant="main" disabled={disabled}>
        {children}
      </Button>
    </FormActions>
  );
}
