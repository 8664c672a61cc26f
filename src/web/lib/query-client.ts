import { QueryClient } from '@tanstack/react-query';

// Spec section 7: cached data never goes stale; no refetch on focus or interval; no retries. Each query names its
// own fetcher (in its feature's api.ts).
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
