import { describe, expect, it } from 'vitest';
import { addDays } from '@/contracts/dates';
import { dateOfDay, dayNumber, weekdayOf } from './calendar';

describe('delivery windows’ calendar arithmetic', () => {
  it('counts days as Date does, across leap years, centuries and month ends', () => {
    for (const start of ['1899-12-25', '1999-12-20', '2000-02-20', '2024-02-20', '2026-11-27', '2100-02-25']) {
      for (let offset = 0; offset < 400; offset += 1) {
        const date = addDays(start, offset);
        const day = dayNumber(date);
        expect(day).toBe(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
        expect(dateOfDay(day)).toBe(date);
        expect(weekdayOf(date)).toBe(new Date(`${date}T00:00:00Z`).getUTCDay());
      }
    }
  });

  it('rolls an impossible day over as Date does', () => {
    expect(dateOfDay(dayNumber('2026-02-30'))).toBe('2026-03-02');
  });
});
