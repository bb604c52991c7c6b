import type { InputHTMLAttributes } from 'react';
import { VisuallyHidden } from '../visually-hidden.ts';

/**
 * The public forms' honeypot (the reminder, the application, the invitation): a field hidden from
 * people and from assistive technology, out of the tab order, that only a bot fills in. The server
 * answers such a request like any other and keeps nothing.
 */
export function HoneypotField(control: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <VisuallyHidden aria-hidden="true">
      <label>
        ホームページ
        <input {...control} tabIndex={-1} autoComplete="off" />
      </label>
    </VisuallyHidden>
  );
}
