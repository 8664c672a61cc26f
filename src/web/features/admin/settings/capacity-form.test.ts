import { describe, expect, it } from 'vitest';
import { blackoutLabel, suggestedWindow, weekdayOrder } from './capacity-form';

describe('the delivery-capacity form', () => {
  it('suggests 8 to 12 on an empty day, else the four hours after the latest window, capped at 23:59', () => {
    expect(suggestedWindow(2, [])).toEqual({ weekday: 2, start: '08:00', end: '12:00', visits: 4 });
    const day = [
      { weekday: 2, start: '12:00', end: '16:00', visits: 3 },
      { weekday: 2, start: '08:00', end: '12:00', visits: 5 },
    ];
    expect(suggestedWindow(2, day)).toEqual({ weekday: 2, start: '16:00', end: '20:00', visits: 3 });
    expect(suggestedWindow(2, [{ weekday: 2, start: '18:00', end: '21:30', visits: 2 }])).toMatchObject({
      start: '21:30',
      end: '23:59',
    });
  });

  it('lists every weekday once, Monday first', () => {
    expect([...weekdayOrder].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(weekdayOrder[0]).toBe(1);
  });

  it('names a blackout day with its weekday, whatever the device’s time zone', () => {
    expect(blackoutLabel('2026-07-04')).toBe('Sat, Jul 4, 2026');
  });
});
