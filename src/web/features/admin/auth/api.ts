import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer } from 'react';
import type { AdminLoginCodeInput, AdminLoginInfo, AdminLoginInput, AdminLoginResult } from '@/contracts/admin/auth';
import type { AdminStats } from '@/contracts/admin/stats';
import { toast } from '@/web/components/ui/use-toast';
import { ApiError, apiRequest } from '@/web/lib/api';
import { adminKeys, setSessionLostHandler, useAdminMutation, type MutationCallbacks } from '../api';

const loginInfoKey = ['admin', 'login-info'] as const;

// These calls use apiRequest itself, not adminRequest: a 401 here means "signed out", not "the session just lapsed".

/** The stats figures when signed in, null on a 401: the spec reads the session from the stats endpoint. */
async function getSessionStats(): Promise<AdminStats | null> {
  try {
    return await apiRequest<AdminStats>('GET', '/api/admin/stats');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * Whether the owner is signed in, with the business figures when they are. Ending the session (sign-out, or any
 * admin call answering 401) drops every cached admin query.
 */
export function useAdminSession() {
  const queryClient = useQueryClient();
  // clear() detaches the observers; a render afterwards re-attaches them to the fresh (signed-out) stats entry.
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const stats = useQuery({ queryKey: adminKeys.stats, queryFn: getSessionStats });

  const endSession = useCallback(() => {
    queryClient.clear();
    queryClient.setQueryData(adminKeys.stats, null);
    rerender();
  }, [queryClient]);

  useEffect(() => {
    setSessionLostHandler(endSession);
    return () => setSessionLostHandler(null);
  }, [endSession]);

  return { stats, endSession };
}

/** What the sign-in page may show (demo credentials on the demo site). */
export function useLoginInfo() {
  return useQuery({
    queryKey: loginInfoKey,
    queryFn: () => apiRequest<AdminLoginInfo>('GET', '/api/admin/login'),
  });
}

const welcome = { title: 'Login Successful', description: 'Welcome to the admin dashboard' };

/** The password step: signed in, or (two-factor on) `codeRequired` and the code step next. */
export function useLogin(callbacks: MutationCallbacks<AdminLoginResult, AdminLoginInput> = {}) {
  return useAdminMutation({
    ...callbacks,
    mutationFn: (values: AdminLoginInput) => apiRequest<AdminLoginResult>('POST', '/api/admin/login', values),
    success: (result) =>
      result.codeRequired
        ? { title: 'Password accepted', description: 'Now enter the code from your authenticator app.' }
        : welcome,
    invalidates: [adminKeys.stats],
    errorTitle: 'Login Failed',
    errorFallback: 'Sign-in failed',
  });
}

/** The code step of a sign-in with two-factor on (the app's code, or a recovery code). */
export function useLoginCode(callbacks: MutationCallbacks<AdminLoginResult, AdminLoginCodeInput> = {}) {
  return useAdminMutation({
    ...callbacks,
    mutationFn: (values: AdminLoginCodeInput) => apiRequest<AdminLoginResult>('POST', '/api/admin/login/code', values),
    success: () => welcome,
    invalidates: [adminKeys.stats],
    errorTitle: 'Login Failed',
    errorFallback: 'Sign-in failed',
  });
}

/** Signs out locally whatever the server says (an expired session is signed out already). */
export function useLogout(endSession: () => void) {
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/admin/logout'),
    onSettled: () => {
      endSession();
      toast({ title: 'Logged Out', description: 'You have been logged out successfully' });
    },
  });
}
