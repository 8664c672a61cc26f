import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerSessionState, SignInLinkInput } from '@/contracts/sign-in-links';
import { apiRequest } from '@/web/lib/api';

/** The ways back into the portal on a new device: the sign-in e-mail and the one-time link it carries. */

const linkPath = (token: string) => `/api/auth/link/${encodeURIComponent(token)}`;

export const sessionKey = ['/api/portal/session'] as const;

// Fetchers.

export const getSessionState = () => apiRequest<CustomerSessionState>('GET', '/api/portal/session');

export const requestSignInLink = (input: SignInLinkInput) =>
  apiRequest<{ message: string }>('POST', '/api/portal/sign-in-link', input);

export const spendLoginLink = (token: string) => apiRequest<{ orderId: string }>('POST', linkPath(token));

export const resendLoginLink = (token: string) => apiRequest<{ message: string }>('POST', `${linkPath(token)}/resend`);

// Hooks.

/** Whether this browser is signed in; asked only when a rental did not load, to choose what the page says. */
export function useSessionState(enabled: boolean) {
  return useQuery({ queryKey: sessionKey, queryFn: getSessionState, enabled, staleTime: 0 });
}

/** "E-mail me a sign-in link": the answer is the same whatever the address. */
export function useRequestSignInLink() {
  return useMutation({ mutationFn: requestSignInLink });
}

/**
 * "Continue to your rental": uses the link up and signs this browser in. Everything cached while signed out is
 * forgotten before `onSuccess` opens the rental.
 */
export function useContinueWithLink(token: string, { onSuccess }: { onSuccess: (orderId: string) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => spendLoginLink(token),
    onSuccess: ({ orderId }) => {
      queryClient.clear();
      onSuccess(orderId);
    },
  });
}

/** "Send me a new link" from a used or expired one. */
export function useResendLoginLink(token: string) {
  return useMutation({ mutationFn: () => resendLoginLink(token) });
}
