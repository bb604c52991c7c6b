import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';

/** A layout whose pages may keep server state: the visit's query cache around it. */
export function withServerState(Layout: ComponentType, client: QueryClient): ComponentType {
  return function ServerStateLayout() {
    return (
      <QueryClientProvider client={client}>
        <Layout />
      </QueryClientProvider>
    );
  };
}
