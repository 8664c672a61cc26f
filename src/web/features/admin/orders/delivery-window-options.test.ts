import { describe, expect, it } from 'vitest';
import { pickedWindow, windowKey, windowOptionLabel } from './delivery-window-options';

const windows = [
  { date: '2026-07-14', start: '08:00', end: '12:00', open: 3 },
  { date: '2026-07-14', start: '12:00', end: '16:00', open: 0 },
];

describe('the New order dialog’s delivery windows', () => {
  it('reads a window with its day, hours and room', () => {
    expect(windowOptionLabel(windows[0]!)).toBe('Tue, Jul 14 · 8AM-12PM · 3 open');
    expect(windowOptionLabel(windows[1]!)).toBe('Tue, Jul 14 · 12PM-4PM · full');
  });

  it('keeps a pick only while it is offered with room', () => {
    expect(pickedWindow(windows, { date: '2026-07-14', start: '08:00' })).toBe(windows[0]);
    expect(pickedWindow(windows, { date: '2026-07-14', start: '12:00' })).toBeUndefined();
    expect(pickedWindow(windows, { date: '2026-07-15', start: '08:00' })).toBeUndefined();
    expect(pickedWindow(windows, undefined)).toBeUndefined();
    expect(windowKey(windows[0]!)).toBe('2026-07-14 08:00');
  });
});
