import { useEffect } from 'react';
import { useMatches } from '#client/lib/router/index.ts';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { documentTitleOf, pageHandleOf } from './page-handle.ts';

/**
 * Keeps the document title as spec section 1 says (page title, service name, bank name) for the
 * current route, and puts it back when the layout leaves.
 */
export function useDocumentTitle() {
  const config = useAppConfig();
  const handle = pageHandleOf(useMatches());
  const title = documentTitleOf(handle?.title, config.system_name, config.bank.name);
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
