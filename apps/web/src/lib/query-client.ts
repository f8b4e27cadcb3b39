import { MESSAGES } from '@leadline/shared';
import { MutationCache, QueryCache, QueryClient, type Mutation, type Query } from '@tanstack/react-query';
import { isApiError } from './api';
import { notify } from './notify';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: RequestMeta;
    mutationMeta: RequestMeta;
  }
}

type RequestMeta = {
  /** The spec's message for this failure, shown instead of the server's. */
  errorMessage?: string;
  /** The screen shows the error itself (a form), so no toast. */
  handlesErrors?: boolean;
};

export const meQueryKey = ['me'] as const;

function handleError(client: QueryClient, error: Error, meta: RequestMeta | undefined) {
  if (isApiError(error) && error.code === 'UNAUTHENTICATED') {
    // The session ended: forgetting the user sends every screen to the login page.
    if (client.getQueryData(meQueryKey)) notify.error(MESSAGES.signInRequired);
    client.setQueryData(meQueryKey, null);
    return;
  }
  if (meta?.handlesErrors) return;
  notify.error(meta?.errorMessage ?? error.message);
}

/** Client errors (4xx) are answers, not glitches: retrying them only delays the message. */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query: Query<unknown, unknown, unknown>) => handleError(client, error, query.meta),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation: Mutation<unknown, unknown, unknown>) =>
        handleError(client, error, mutation.meta),
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  return client;
}
