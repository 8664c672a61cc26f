import { useQuery } from '@tanstack/react-query';
import type { AdminMe } from '@/contracts/admin/team';
import { adminKeys, adminResource } from './api';

/**
 * Who is signed in. Every tab reads it to hide what the role cannot do (the server refuses it anyway: the guard
 * checks each route's declared role), so it lives here, below the tabs.
 */
const me = adminResource(adminKeys.me, '/api/admin/me');

export function useAdminMe() {
  return useQuery(me.all<AdminMe>());
}

/** True once the signed-in user is known to hold the admin role; false while loading, so nothing flashes for staff. */
export function useIsAdminRole(): boolean {
  return useAdminMe().data?.role === 'admin';
}
