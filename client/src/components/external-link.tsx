import type { ReactNode } from 'react';
import { VisuallyHidden } from './visually-hidden.ts';

export const NEW_TAB_NOTE = '（新しいタブで開きます）';

/** A link to another site, opened in a new tab, saying so to screen readers. */
export function ExternalLink({
  href,
  children,
  className,
}: {
  href: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <VisuallyHidden>{NEW_TAB_NOTE}</VisuallyHidden>
    </a>
  );
}
