import { z } from 'zod';

/**
 * GET /api/today: the calendar date (YYYY-MM-DD, America/Los_Angeles) on the app's clock. The browser's date rules
 * (checkout's start date, the route sheet's default day) run on it, not on the device's clock: the demo's billing
 * clock may run ahead of real time, and a phone's clock or time zone may be wrong.
 */
export const serverToday = z.object({ today: z.iso.date() });
export type ServerToday = z.infer<typeof serverToday>;
