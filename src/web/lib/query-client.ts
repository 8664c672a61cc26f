import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';

// Spec section 7: cached data never goes stale; no refetch on focus or interval; no retries.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn,
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    },
    mutations: { retry: false },
  },
});
