import { useQuery } from '@tanstack/react-query';
import type { Page } from '@/contracts/admin/common';
import type { AdminLead, AdminServiceArea } from '@/contracts/admin/settings';
import type { ServiceAreaSettings } from '@/contracts/service-area';
import { adminRequest, adminResource, saved, useAdminMutation, type MutationCallbacks } from '../api';

// This tab's own roots: nothing in another tab goes stale when the service area changes.
const serviceAreaKey = ['admin', 'settings', 'service-area'] as const;
const leadsKey = ['admin', 'leads'] as const;
const serviceAreaPath = '/api/admin/settings/service-area';
const leads = adminResource(leadsKey, '/api/admin/leads');

export function useServiceAreaSettings({ enabled }: { enabled: boolean }) {
  return useQuery({ ...adminResource(serviceAreaKey, serviceAreaPath).all<AdminServiceArea>(), enabled });
}

export function useSaveServiceArea(callbacks: MutationCallbacks<AdminServiceArea, ServiceAreaSettings> = {}) {
  return useAdminMutation({
    ...callbacks,
    mutationFn: (input: ServiceAreaSettings) => adminRequest<AdminServiceArea>('PUT', serviceAreaPath, input),
    success: (area) => saved(`Delivering within ${area.serviceRadiusMiles} miles of ${area.depotCity}`),
    invalidates: [serviceAreaKey, leadsKey, ['/api/service-area']],
    errorFallback: 'The service area could not be saved',
  });
}

export type LeadListParams = { kind: string; page: number; pageSize: number };

export function useLeads(params: LeadListParams, { enabled }: { enabled: boolean }) {
  return useQuery({
    ...leads.page<Page<AdminLead>>({ ...params, kind: params.kind === 'all' ? '' : params.kind }),
    enabled,
  });
}
