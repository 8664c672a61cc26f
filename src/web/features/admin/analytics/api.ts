import { useQuery } from '@tanstack/react-query';
import type { AdminAnalytics } from '@/contracts/admin/analytics';
import { adminKeys, adminResource } from '../api';

const analytics = adminResource(adminKeys.analytics, '/api/admin/analytics');

export function useAnalytics() {
  return useQuery(analytics.all<AdminAnalytics>());
}
