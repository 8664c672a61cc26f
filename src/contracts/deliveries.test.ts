import { describe, expect, it } from 'vitest';
import { visitWindow, visitWindowLabel, visitWindowStart } from './deliveries';
import { visitStateText } from './service-requests';

describe("a visit's window", () => {
  it('is one of the four fixed windows or a booked window that ends after it starts', () => {
    for (const accepted of ['morning', 'evening', '08:00-12:00', '16:30-20:00']) {
      expect(visitWindow.safeParse(accepted).success, accepted).toBe(true);
    }
    for (const refused of ['night', '12:00-08:00', '08:00-08:00', '8:00-12:00', '08:00-24:00', '08:00', 7]) {
      const parsed = visitWindow.safeParse(refused);
      expect(parsed.success, String(refused)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('Choose a time window');
    }
  });

  it('reads as its hours, and starts where visit_window_start (migration 0023) says', () => {
    expect(visitWindowLabel('midday')).toBe('11AM-2PM');
    expect(visitWindowLabel('08:00-12:00')).toBe('8AM-12PM');
    expect(visitWindowLabel('12:30-16:00')).toBe('12:30PM-4PM');
    expect(['morning', 'midday', 'afternoon', 'evening', '12:30-16:00'].map(visitWindowStart)).toEqual([
      '08:00',
      '11:00',
      '14:00',
      '17:00',
      '12:30',
    ]);
  });

  it("is in the portal's words for a scheduled visit", () => {
    const scheduled = { status: 'scheduled' as const, scheduledDate: '2026-07-14' };
    expect(visitStateText({ ...scheduled, timeWindow: '08:00-12:00' })).toBe(
      'Scheduled for Tuesday, July 14, 8AM-12PM',
    );
    expect(visitStateText({ ...scheduled, timeWindow: 'morning' })).toBe('Scheduled for Tuesday, July 14, 8AM-11AM');
  });
});
