import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer } from 'react';
import type { AdminStats } from '@/contracts/admin/stats';
import { ApiError, apiRequest } from '@/web/lib/api';
import { adminKeys, setSessionLostHandler } from './api';

/**
 * Whether the owner is signed in, read from the stats endpoint as the spec says: its figures when signed in, null
 * on a 401. Ending the session (sign-out, or any admin call answering 401) drops every cached admin query.
 */
export function useAdminSession() {
  const queryClient = useQueryClient();
  // clear() detaches the observers; a render afterwards re-attaches them to the fresh (signed-out) stats entry.
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const stats = useQuery({
    queryKey: adminKeys.stats,
    queryFn: async () => {
      try {
        return await apiRequest<AdminStats>('GET', '/api/admin/stats');
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
  });

  const endSession = useCallback(() => {
    queryClient.clear();
    queryClient.setQueryData(adminKeys.stats, null);
    rerender();
  }, [queryClient]);

  useEffect(() => {
    setSessionLostHandler(endSession);
    return () => setSessionLostHandler(null);
  }, [endSession]);

  return { stats, endSession };
}
