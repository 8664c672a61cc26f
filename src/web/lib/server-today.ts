import { useQuery } from '@tanstack/react-query';
import type { ServerToday } from '@/contracts/today';
import { apiRequest } from './api';

// Shared by checkout (its start date) and the admin's route sheet (its default day), so it lives below them both.
const serverTodayKey = ['/api/today'] as const;

export const getServerToday = () => apiRequest<ServerToday>('GET', '/api/today');

/**
 * Today (YYYY-MM-DD, America/Los_Angeles) on the server's clock, which the demo's billing clock may have moved ahead
 * and which a device's wrong clock or time zone does not change. `data` is undefined until the server answers:
 * a page shows at once (the device's date meanwhile) and its date rules switch to the server's day when it comes.
 * Never in a prerendered page (rendered at start-up, maybe days ago); asked again on each mount and window focus,
 * as the day turns, and the demo's clock moves, while a page is open.
 */
export function useServerToday() {
  return useQuery({
    queryKey: serverTodayKey,
    queryFn: getServerToday,
    select: (answer) => answer.today,
    staleTime: 0,
    refetchOnWindowFocus: true,
    meta: { prerender: false },
  });
}
