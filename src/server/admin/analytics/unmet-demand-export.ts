import { addDays } from '@/contracts/dates';
import type { Db } from '@/server/platform/db/client';
import { csvExport } from '@/server/admin/shared/csv-export';
import { unmetDemandByDay, type DayRange } from './unmet-demand';

/**
 * GET /api/admin/analytics/unmet-demand/export.csv: the per-day figures the Analytics tab shows, one row a day. The
 * days are their own keyset: each batch is the next run of days after the last one sent, computed as the tab's
 * table is (the waitlist's running length starts from the sign-ups waiting at the batch's first day).
 */
export function unmetDemandCsv(db: Db, range: DayRange) {
  return csvExport({
    name: 'unmet-demand',
    batch: async (cursor, limit) => {
      const startDate = cursor ? addDays(cursor.sort, 1) : range.startDate;
      if (startDate > range.endDate) return [];
      const last = addDays(startDate, limit - 1);
      const days = await unmetDemandByDay(db, { startDate, endDate: last < range.endDate ? last : range.endDate });
      return days.map((day) => ({ ...day, cursorSort: day.day, cursorId: day.day }));
    },
    columns: [
      ['Day', (row) => row.day],
      ['Waitlist Joins', (row) => row.waitlistJoins],
      ['Refused: Service Area', (row) => row.refusedServiceArea],
      ['Refused: Out of Stock', (row) => row.refusedStock],
      ['Refused: No Delivery Window', (row) => row.refusedCapacity],
      ['Waitlist Length (End of Day)', (row) => row.waitlistLength],
    ],
  });
}
