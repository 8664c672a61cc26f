import { useQuery } from '@tanstack/react-query';
import type { AdminAnalytics } from '@/contracts/admin/analytics';
import { adminGet, adminKeys } from '../api';

export function useAnalytics() {
  return useQuery({
    queryKey: adminKeys.analytics,
    queryFn: () => adminGet<AdminAnalytics>('/api/admin/analytics'),
  });
}
