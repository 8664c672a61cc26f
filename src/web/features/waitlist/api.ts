import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WaitlistEntryView } from '@/contracts/waitlist';
import { ApiError, apiRequest } from '@/web/lib/api';

// The leave link of a waitlist e-mail (/waitlist/leave?token=…, ADR 036): the place it names, and leaving the line.

export const waitlistKeys = {
  entry: (token: string) => ['/api/waitlist/entry', token] as const,
};

export const getWaitlistEntry = (token: string) =>
  apiRequest<WaitlistEntryView>('GET', `/api/waitlist/entry?token=${encodeURIComponent(token)}`);

export const leaveWaitlist = (token: string) =>
  apiRequest<{ message: string }>('POST', '/api/waitlist/leave', { token });

/** A 400 (not a token) or 404 (not ours, or no such place): the link is not valid. */
export const isInvalidLink = (error: unknown) =>
  error instanceof ApiError && (error.status === 400 || error.status === 404);

export function useWaitlistEntry(token: string) {
  return useQuery({
    queryKey: waitlistKeys.entry(token),
    queryFn: () => getWaitlistEntry(token),
    // A link without its token cannot match: the page says it is not valid without asking.
    enabled: Boolean(token),
  });
}

/** Leaves the line; the place the page shows is then a place left (leaving twice is leaving once). */
export function useLeaveWaitlist(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => leaveWaitlist(token),
    onSuccess: () =>
      queryClient.setQueryData<WaitlistEntryView>(waitlistKeys.entry(token), (view) =>
        view ? { ...view, status: 'left', position: null } : view,
      ),
  });
}
