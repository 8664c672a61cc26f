import { useQuery } from '@tanstack/react-query';
import type { RouteSheet } from '@/contracts/admin/route-sheet';
import { isCalendarDate } from '@/contracts/calendar-date';
import { adminRequest } from '../api';

const routeSheetPath = '/api/admin/route-sheet';
const query = (date: string) => `?date=${encodeURIComponent(date)}`;

/** The day's route sheet; nothing is asked for a date that is not a real day (the page says so instead). */
export function useRouteSheet(date: string) {
  return useQuery({
    queryKey: ['admin', 'route-sheet', date],
    queryFn: () => adminRequest<RouteSheet>('GET', `${routeSheetPath}${query(date)}`),
    enabled: isCalendarDate(date),
  });
}

/** The same sheet as a PDF, followed as a plain link (the session cookie goes with it). */
export const routeSheetPdfUrl = (date: string) => `${routeSheetPath}.pdf${query(date)}`;
