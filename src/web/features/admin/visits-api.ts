import { useQuery } from '@tanstack/react-query';
import type {
  AdminVisit,
  AdminVisitList,
  CancelVisitInput,
  CompleteVisitInput,
  ScheduleVisitInput,
  VisitActionResult,
  VisitUnitChoices,
  VisitWindowDay,
} from '@/contracts/admin/deliveries';
import { visitTypeLabels } from '@/contracts/deliveries';
import { adminKeys, adminRequest, adminResource, saved, type MutationCallbacks, useAdminMutation } from './api';

const deliveriesPath = '/api/admin/deliveries';
const deliveriesKey = ['admin', 'deliveries'] as const;
const deliveries = adminResource(deliveriesKey, deliveriesPath);

export type VisitListParams = { view: string; date?: string; type: string; page: number; pageSize: number };

export function useVisits(params: VisitListParams) {
  return useQuery(deliveries.page<AdminVisitList>(params));
}

/** The free units of the visit's model, for the unit picker (fetched once its dialog is open). */
export function useUnitChoices(visitId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...deliveriesKey, 'units', visitId],
    queryFn: () => adminRequest<VisitUnitChoices>('GET', `${deliveriesPath}/${visitId}/units`),
    enabled,
  });
}

/**
 * The delivery windows of a day with the visits each has taken, for the schedule dialog (fetched while it is open on
 * a real date). Under the deliveries' key: a booking refreshes the counts.
 */
export function useVisitDayWindows(date: string, enabled: boolean) {
  return useQuery({
    queryKey: [...deliveriesKey, 'windows', date],
    queryFn: () => adminRequest<VisitWindowDay>('GET', `/api/admin/delivery-windows?date=${date}`),
    enabled,
  });
}

// A visit's change moves units and may end an order: those lists (and "Needs attention", under orders) go stale.
const touched = [deliveriesKey, adminKeys.units, adminKeys.orders, adminKeys.stats] as const;
const what = (visit: AdminVisit) => `${visitTypeLabels[visit.type]} for ${visit.customer.name}`;

function visitAction<TInput>(action: string, done: string, callbacks: MutationCallbacks<VisitActionResult, unknown>) {
  return {
    mutationFn: ({ visit, input }: { visit: AdminVisit; input: TInput }) =>
      adminRequest<VisitActionResult>('POST', `${deliveriesPath}/${visit.id}/${action}`, input),
    success: ({ visit, email }: VisitActionResult) =>
      saved(
        !email
          ? `${what(visit)} ${done}`
          : email.sent
            ? `${what(visit)} ${done}; ${visit.customer.email} was e-mailed`
            : `${what(visit)} ${done}, but the e-mail was not sent: ${email.message}`,
      ),
    invalidates: touched,
    errorFallback: `The visit could not be ${done}`,
    ...callbacks,
  };
}

export const useScheduleVisit = (callbacks: MutationCallbacks<VisitActionResult, unknown> = {}) =>
  useAdminMutation(visitAction<ScheduleVisitInput>('schedule', 'scheduled', callbacks));
export const useCompleteVisit = (callbacks: MutationCallbacks<VisitActionResult, unknown> = {}) =>
  useAdminMutation(visitAction<CompleteVisitInput>('complete', 'completed', callbacks));
export const useCancelVisit = (callbacks: MutationCallbacks<VisitActionResult, unknown> = {}) =>
  useAdminMutation(visitAction<CancelVisitInput>('cancel', 'cancelled', callbacks));
export const useSwapVisit = (callbacks: MutationCallbacks<VisitActionResult, unknown> = {}) =>
  useAdminMutation(visitAction<{ unitId?: string }>('swap', 'turned into a swap', callbacks));

/** A unit back from a pickup or swap, checked: maintenance → available. */
export function useReturnToStock() {
  return useAdminMutation({
    mutationFn: (unit: { id: string; serial: string }) =>
      adminRequest<{ serial: string }>('POST', `/api/admin/units/${unit.id}/return-to-stock`),
    success: (unit) => saved(`Unit ${unit.serial} is back in stock`),
    invalidates: touched,
    errorFallback: 'The unit could not be returned to stock',
  });
}

/** One visit as the Deliveries tab shows it: what the booking dialog opened from elsewhere needs. */
export function useVisit(visitId: string | null) {
  return useQuery({
    queryKey: [...deliveriesKey, 'one', visitId],
    queryFn: () => adminRequest<AdminVisit>('GET', `${deliveriesPath}/${visitId}`),
    enabled: visitId !== null,
  });
}
