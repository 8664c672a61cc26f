import { useQuery } from '@tanstack/react-query';
import type { AdminAnalytics } from '@/contracts/admin/analytics';
import { adminKeys, adminResource, csvExportUrl } from '../api';

const analytics = adminResource(adminKeys.analytics, '/api/admin/analytics');

export function useAnalytics() {
  return useQuery(analytics.all<AdminAnalytics>());
}

/** The billing ledger's invoices by status and issue days, as CSV. */
export const invoicesCsvUrl = (filters: { status: string; startDate: string; endDate: string }) =>
  csvExportUrl('/api/admin/invoices/export.csv', filters);
