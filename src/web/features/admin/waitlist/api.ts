import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminWaitlist, AdminWaitlistEntry, WaitlistSettings } from '@/contracts/waitlist';
import { ApiError } from '@/web/lib/api';
import { adminKeys, adminRequest, saved, useAdminMutation, type MutationCallbacks } from '../api';
import { hoursText } from './lines';

const waitlistPath = '/api/admin/waitlist';
const settingsPath = '/api/admin/settings/waitlist';
/**
 * Under the units root: whatever makes the units stale (a unit back in stock, a rental ended, an order cancelled)
 * can start an offer, so it makes the lines stale too.
 */
const waitlistKey = [...adminKeys.units, 'waitlist'] as const;

/** The list's filters as the selects hold them: '' for "every model" and "every area". */
export type WaitlistFilters = { modelId: string; area: string; show: 'current' | 'all' };

// Not adminResource's query string: it drops the value 'all', and here `show=all` means something.
function listUrl({ modelId, area, show }: WaitlistFilters): string {
  const search = new URLSearchParams({ show });
  if (modelId) search.set('modelId', modelId);
  if (area) search.set('area', area);
  return `${waitlistPath}?${search}`;
}

/** The lines as filtered; the last filter's lines stay on screen while the next load. */
export function useWaitlist(filters: WaitlistFilters) {
  return useQuery(
    queryOptions({
      queryKey: [...waitlistKey, filters],
      queryFn: () => adminRequest<AdminWaitlist>('GET', listUrl(filters)),
      placeholderData: keepPreviousData,
    }),
  );
}

export type EntryAction = { entry: AdminWaitlistEntry; reason: string };

/**
 * A change to one entry, with the owner's reason. A 409 means the entry moved on meanwhile (the offer clock, the
 * customer, another admin): the lines are fetched again so the screen shows where it stands now.
 */
function useEntryAction(
  action: 'move-up' | 'remove',
  config: {
    callbacks: MutationCallbacks<AdminWaitlistEntry, EntryAction>;
    success: (entry: AdminWaitlistEntry) => string;
    invalidates: readonly (readonly string[])[];
    errorFallback: string;
  },
) {
  const queryClient = useQueryClient();
  const { callbacks, success, ...rest } = config;
  return useAdminMutation({
    ...rest,
    onSuccess: callbacks.onSuccess,
    mutationFn: ({ entry, reason }: EntryAction) =>
      adminRequest<AdminWaitlistEntry>('POST', `${waitlistPath}/${entry.id}/${action}`, { reason }),
    success: (entry) => saved(success(entry)),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: waitlistKey });
      return callbacks.onError?.(error);
    },
  });
}

export function useMoveUp(callbacks: MutationCallbacks<AdminWaitlistEntry, EntryAction> = {}) {
  return useEntryAction('move-up', {
    callbacks,
    success: (entry) => `${entry.email} is now number ${entry.position ?? 1} in the ${entry.modelName} line`,
    invalidates: [waitlistKey],
    errorFallback: 'The entry could not be moved up',
  });
}

/** Removing an offered entry frees the unit held for it: the units and the stats change too. */
export function useRemoveFromWaitlist(callbacks: MutationCallbacks<AdminWaitlistEntry, EntryAction> = {}) {
  return useEntryAction('remove', {
    callbacks,
    success: (entry) => `${entry.email} was removed from the ${entry.modelName} line`,
    invalidates: [adminKeys.units, adminKeys.stats],
    errorFallback: 'The entry could not be removed',
  });
}

/** The owner's offer time (admin role; the server refuses staff). The lines carry the current value. */
export function useSaveOfferTime(callbacks: MutationCallbacks<WaitlistSettings, WaitlistSettings> = {}) {
  return useAdminMutation({
    ...callbacks,
    mutationFn: (input: WaitlistSettings) => adminRequest<WaitlistSettings>('PUT', settingsPath, input),
    success: ({ offerHours }) => saved(`Offers now hold a unit for ${hoursText(offerHours)}`),
    invalidates: [waitlistKey],
    errorFallback: 'The offer time could not be saved',
  });
}
