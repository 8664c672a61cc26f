import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountAccessInput, CancellationRequestInput, ContactUpdateInput, PortalView } from '@/contracts/portal';
import type { ServiceRequestInput, ServiceVisitsView } from '@/contracts/service-requests';
import { useTranslation } from 'react-i18next';
import { toast } from '@/web/components/ui/use-toast';
import { useServerMessage } from '@/web/i18n/server-message';
import { ApiError, apiRequest } from '@/web/lib/api';

const portalPath = (orderId: string) => `/api/portal/${encodeURIComponent(orderId)}`;

export const portalKeys = {
  view: (orderId: string) => ['/api/portal', orderId] as const,
  serviceVisits: (orderId: string) => ['/api/portal', orderId, 'service-requests'] as const,
};

// Fetchers: one per endpoint the portal calls.

export const getPortalView = (orderId: string) => apiRequest<PortalView>('GET', portalPath(orderId));

export const accessAccount = (input: AccountAccessInput) =>
  apiRequest<{ orderId: string }>('POST', '/api/account-access', input);

export const signOut = () => apiRequest('POST', '/api/portal/logout');

export const updateContact = (orderId: string, input: ContactUpdateInput) =>
  apiRequest('PATCH', `${portalPath(orderId)}/contact`, input);

export const requestCancellation = (orderId: string, input: CancellationRequestInput) =>
  apiRequest('POST', `${portalPath(orderId)}/cancellation`, input);

export const getServiceVisits = (orderId: string) =>
  apiRequest<ServiceVisitsView>('GET', `${portalPath(orderId)}/service-requests`);

export const requestServiceVisit = (orderId: string, input: ServiceRequestInput) =>
  apiRequest<{ id: string; status: string }>('POST', `${portalPath(orderId)}/service-requests`, input);

export const createBillingPortalSession = (input: { customerId: string; orderId: string }) =>
  apiRequest<{ url: string }>('POST', '/api/billing-portal', input);

// Hooks.

/** The signed-in customer's rental; an error (no session, another customer's order) reads as "not found". */
export function usePortal(orderId: string) {
  return useQuery({ queryKey: portalKeys.view(orderId), queryFn: () => getPortalView(orderId) });
}

/** Opens a rental with its order number and e-mail (a session cookie), then `onSuccess` shows it. */
export function useAccountAccess({ onSuccess }: { onSuccess: (orderId: string) => void }) {
  return useMutation({ mutationFn: accessAccount, onSuccess: ({ orderId }) => onSuccess(orderId) });
}

/** Ends the portal session and forgets everything cached for it before `onSuccess` leaves the page. */
export function useSignOut({ onSuccess }: { onSuccess: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      queryClient.clear();
      onSuccess();
    },
  });
}

/** What a change's toasts say: keys of the portal's `toasts` (a title and description on success, a title on failure). */
type ChangeToasts = 'contact' | 'cancellation';

/**
 * A change the customer makes to their rental: on success the portal reloads, then a toast confirms it; a refusal
 * is told in the reader's language (the server's English message, translated where known: ADR 025).
 */
function useRentalChange<TInput>(
  orderId: string,
  send: (orderId: string, input: TInput) => Promise<unknown>,
  toasts: ChangeToasts,
) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('portal');
  const serverMessage = useServerMessage();
  return useMutation({
    mutationFn: (input: TInput) => send(orderId, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: portalKeys.view(orderId) });
      toast({ title: t(`toasts.${toasts}.title`), description: t(`toasts.${toasts}.description`) });
    },
    onError: (error) =>
      toast({ title: t(`toasts.${toasts}.failed`), description: serverMessage(error.message), variant: 'destructive' }),
  });
}

export const useUpdateContact = (orderId: string) => useRentalChange(orderId, updateContact, 'contact');

export const useRequestCancellation = (orderId: string) =>
  useRentalChange(orderId, requestCancellation, 'cancellation');

/** The rental's service visits (its own endpoint, beside the portal view). */
export function useServiceVisits(orderId: string) {
  return useQuery({ queryKey: portalKeys.serviceVisits(orderId), queryFn: () => getServiceVisits(orderId) });
}

/** "My unit needs service": on success the visits reload, then a toast confirms it. */
export function useRequestService(orderId: string) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('portal');
  const serverMessage = useServerMessage();
  return useMutation({
    mutationFn: (input: ServiceRequestInput) => requestServiceVisit(orderId, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: portalKeys.serviceVisits(orderId) });
      toast({ title: t('toasts.service.title'), description: t('toasts.service.description') });
    },
    onError: async (error) => {
      toast({ title: t('toasts.service.failed'), description: serverMessage(error.message), variant: 'destructive' });
      // A 409 (a visit already open, the rental ended) means the list is stale: reload it so the reason shows.
      if (error instanceof ApiError && error.status === 409) {
        await queryClient.invalidateQueries({ queryKey: portalKeys.serviceVisits(orderId) });
      }
    },
  });
}

/**
 * Opens the payment provider's billing portal in a new tab. The tab is opened in the click itself, before the
 * request, so the browser treats it as the click's own window and not as a pop-up.
 */
export function useOpenBillingPortal() {
  const { t } = useTranslation('portal');
  const serverMessage = useServerMessage();
  const { mutate } = useMutation({
    mutationFn: ({ ids }: { ids: { customerId: string; orderId: string }; tab: Window | null }) =>
      createBillingPortalSession(ids),
    onSuccess: ({ url }, { tab }) => {
      if (tab) tab.location.href = url;
      else window.location.href = url;
    },
    onError: (error, { tab }) => {
      tab?.close();
      toast({
        title: t('toasts.billingPortalFailed'),
        description: serverMessage(error.message),
        variant: 'destructive',
      });
    },
  });
  return (ids: { customerId: string; orderId: string }) => mutate({ ids, tab: window.open('', '_blank') });
}
