import { useQuery } from '@tanstack/react-query';
import type {
  RecoveryCodes,
  TwoFactorDisableInput,
  TwoFactorEnableInput,
  TwoFactorSetup,
  TwoFactorSetupInput,
  TwoFactorStatus,
} from '@/contracts/admin/two-factor';
import { adminKeys, adminRequest, adminResource, useAdminMutation, type MutationCallbacks } from '../api';

/** The signed-in user's own two-factor sign-in (ADR 031). */
const path = '/api/admin/me/two-factor';
const twoFactorKey = [...adminKeys.me, 'two-factor'] as const;
const twoFactor = adminResource(twoFactorKey, path);

export function useTwoFactorStatus() {
  return useQuery(twoFactor.all<TwoFactorStatus>());
}

/** A new secret for the app (the password again first); nothing changes until the first code switches it on. */
export function useStartTwoFactorSetup(callbacks: MutationCallbacks<TwoFactorSetup, TwoFactorSetupInput> = {}) {
  return useAdminMutation({
    ...callbacks,
    mutationFn: (input: TwoFactorSetupInput) => adminRequest<TwoFactorSetup>('POST', `${path}/setup`, input),
    errorFallback: 'Two-factor sign-in could not be set up',
  });
}

export function useEnableTwoFactor(callbacks: MutationCallbacks<RecoveryCodes, TwoFactorEnableInput> = {}) {
  return useAdminMutation({
    ...callbacks,
    mutationFn: (input: TwoFactorEnableInput) => adminRequest<RecoveryCodes>('POST', `${path}/enable`, input),
    success: () => ({
      title: 'Two-factor sign-in is on',
      description: 'Save your recovery codes now: they are shown only once.',
    }),
    invalidates: [twoFactorKey],
    errorFallback: 'Two-factor sign-in could not be turned on',
  });
}

export function useDisableTwoFactor(callbacks: MutationCallbacks<unknown, TwoFactorDisableInput> = {}) {
  return useAdminMutation({
    ...callbacks,
    mutationFn: (input: TwoFactorDisableInput) => adminRequest('POST', `${path}/disable`, input),
    success: () => ({ title: 'Two-factor sign-in is off', description: 'Your password alone now signs you in.' }),
    invalidates: [twoFactorKey],
    errorFallback: 'Two-factor sign-in could not be turned off',
  });
}
