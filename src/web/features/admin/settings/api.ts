import { useQuery } from '@tanstack/react-query';
import type { Page } from '@/contracts/admin/common';
import type { AdminDeliveryCapacity, AdminLead, AdminServiceArea } from '@/contracts/admin/settings';
import type { DeliveryCapacityInput } from '@/contracts/delivery-windows';
import type { ServiceAreaSettings } from '@/contracts/service-area';
import { adminRequest, adminResource, saved, useAdminMutation, type MutationCallbacks } from '../api';

// This tab's own roots: nothing in another tab goes stale when the service area changes.
const serviceAreaKey = ['admin', 'settings', 'service-area'] as const;
const leadsKey = ['admin', 'leads'] as const;
const serviceAreaPath = '/api/admin/settings/service-area';
const deliveryCapacityKey = ['admin', 'settings', 'delivery-capacity'] as const;
const deliveryCapacityPath = '/api/admin/settings/delivery-capacity';
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

export function useDeliveryCapacity() {
  return useQuery(adminResource(deliveryCapacityKey, deliveryCapacityPath).all<AdminDeliveryCapacity>());
}

/** The weekly windows, sent as typed (in the form's order, so a 400's `windows.3.end` names the row it is about). */
export function useSaveDeliveryCapacity(
  callbacks: MutationCallbacks<AdminDeliveryCapacity, DeliveryCapacityInput> = {},
) {
  return useAdminMutation({
    ...callbacks,
    mutationFn: (input: DeliveryCapacityInput) =>
      adminRequest<AdminDeliveryCapacity>('PUT', deliveryCapacityPath, input),
    success: (capacity) => saved(`${weeklyVisits(capacity)} delivery visits a week`),
    invalidates: [deliveryCapacityKey],
    errorFallback: 'The delivery capacity could not be saved',
  });
}

const weeklyVisits = (capacity: AdminDeliveryCapacity) =>
  capacity.windows.reduce((sum, window) => sum + window.visits, 0);

export type LeadListParams = { kind: string; page: number; pageSize: number };

export function useLeads(params: LeadListParams, { enabled }: { enabled: boolean }) {
  return useQuery({
    ...leads.page<Page<AdminLead>>({ ...params, kind: params.kind === 'all' ? '' : params.kind }),
    enabled,
  });
}
