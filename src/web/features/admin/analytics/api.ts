import { useQuery } from '@tanstack/react-query';
import type { AdminAnalytics, UnmetDemand } from '@/contracts/admin/analytics';
import { adminKeys, adminResource, csvExportUrl } from '../api';

const analytics = adminResource(adminKeys.analytics, '/api/admin/analytics');
const unmetDemandPath = '/api/admin/analytics/unmet-demand';
// Under the analytics root: what makes the analytics stale makes this stale too.
const unmetDemand = adminResource([...adminKeys.analytics, 'unmet-demand'], unmetDemandPath);

export function useAnalytics() {
  return useQuery(analytics.all<AdminAnalytics>());
}

/** The days of unmet demand; empty dates leave the range to the server (the last 30 days to its today). */
export type DayRange = { startDate: string; endDate: string };

/** Unmet demand over the range; the last range's figures stay on screen while the next one loads. */
export function useUnmetDemand(range: DayRange, { enabled }: { enabled: boolean }) {
  return useQuery({ ...unmetDemand.page<UnmetDemand>(range), enabled });
}

/** The per-day figures of unmet demand over the range, as CSV. */
export const unmetDemandCsvUrl = (range: DayRange) => csvExportUrl(`${unmetDemandPath}/export.csv`, range);

/** The billing ledger's invoices by status and issue days, as CSV. */
export const invoicesCsvUrl = (filters: { status: string; startDate: string; endDate: string }) =>
  csvExportUrl('/api/admin/invoices/export.csv', filters);
