import { useQuery } from '@tanstack/react-query';
import type { Page } from '@/contracts/admin/common';
import type { AdminFee } from '@/contracts/admin/fees';
import { formatCents } from '@/contracts/money';
import { adminKeys, adminRequest, adminResource, csvExportUrl, saved, useAdminMutation } from '../api';

const feesPath = '/api/admin/additional-fees';
const fees = adminResource(adminKeys.fees, feesPath);

export type FeeListParams = { status: string; search: string; page: number; pageSize: number };

export function useFees(params: FeeListParams) {
  return useQuery(fees.page<Page<AdminFee>>(params));
}

/** Every fee the filters match, as CSV. */
export const feesCsvUrl = (filters: Omit<FeeListParams, 'page' | 'pageSize'>) =>
  csvExportUrl(`${feesPath}/export.csv`, filters);

/** Marks an open fee paid (collected outside Stripe) or waives it. */
export function useSettleFee() {
  return useAdminMutation({
    mutationFn: ({ fee, to }: { fee: AdminFee; to: 'paid' | 'waived' }) =>
      adminRequest<AdminFee>('PATCH', `${feesPath}/${fee.id}`, { status: to }),
    success: (fee) => saved(`Fee of ${formatCents(fee.amountCents)} marked ${fee.status}`),
    invalidates: [adminKeys.fees, adminKeys.stats, adminKeys.customers, adminKeys.analytics],
    errorFallback: 'The fee could not be updated',
  });
}
