import { useQuery } from '@tanstack/react-query';
import type { Page } from '@/contracts/admin/common';
import type { AdminCustomerDetail, AdminCustomerSummary } from '@/contracts/admin/customers';
import type { SendEmailInput } from '@/contracts/admin/emails';
import type { AdditionalFeeInput } from '@/contracts/admin/fees';
import { adminKeys, adminRequest, adminResource, csvExportUrl, useAdminMutation, type MutationCallbacks } from '../api';

const customers = adminResource(adminKeys.customers, '/api/admin/customers');

export type CustomerListParams = { search: string; page: number; pageSize: number };

export function useCustomers(params: CustomerListParams) {
  return useQuery(customers.page<Page<AdminCustomerSummary>>(params));
}

/** Every customer the search matches, as CSV. */
export const customersCsvUrl = (filters: { search: string }) =>
  csvExportUrl('/api/admin/customers/export.csv', filters);

export function useCustomer(id: string | null) {
  return useQuery(customers.one<AdminCustomerDetail>(id));
}

export function useCreateFee(callbacks: MutationCallbacks<unknown, AdditionalFeeInput> = {}) {
  return useAdminMutation({
    ...callbacks,
    mutationFn: (input: AdditionalFeeInput) => adminRequest('POST', '/api/admin/additional-fees', input),
    success: () => ({ title: 'Success', description: 'Additional fee created successfully' }),
    invalidates: [adminKeys.customers, adminKeys.fees, adminKeys.stats, adminKeys.emailLogs],
    errorFallback: 'Failed to create fee',
  });
}

export function useSendEmail(callbacks: MutationCallbacks<unknown, SendEmailInput> = {}) {
  return useAdminMutation({
    ...callbacks,
    mutationFn: (input: SendEmailInput) => adminRequest('POST', '/api/admin/send-email', input),
    success: () => ({ title: 'Success', description: 'Email sent successfully' }),
    invalidates: [adminKeys.emailLogs],
    errorFallback: 'Failed to send email',
  });
}
