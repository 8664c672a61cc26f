import { describe, expect, it } from 'vitest';
import { takenIn, type Taken } from './windows';

describe('a delivery window’s visits taken', () => {
  const taken: Taken = new Map([
    // A fixed window's visit counts from its start hour ('midday' is 11:00); a booked window's from its start.
    [
      '2026-07-07',
      [
        ['08:00', 3],
        ['11:00', 1],
        ['12:00', 2],
      ],
    ],
    ['2026-07-08', [['08:00', 5]]],
  ]);

  it('counts the visits of its own day that start inside it, end excluded', () => {
    expect(takenIn(taken, '2026-07-07', { weekday: 2, start: '08:00', end: '12:00', visits: 4 })).toBe(4);
    expect(takenIn(taken, '2026-07-07', { weekday: 2, start: '12:00', end: '16:00', visits: 4 })).toBe(2);
    expect(takenIn(taken, '2026-07-08', { weekday: 3, start: '08:00', end: '09:00', visits: 4 })).toBe(5);
  });

  it('counts nothing on a day with nothing booked, or in a window nothing starts in', () => {
    expect(takenIn(taken, '2026-07-09', { weekday: 4, start: '08:00', end: '12:00', visits: 4 })).toBe(0);
    expect(takenIn(taken, '2026-07-07', { weekday: 2, start: '16:00', end: '20:00', visits: 4 })).toBe(0);
  });
});
