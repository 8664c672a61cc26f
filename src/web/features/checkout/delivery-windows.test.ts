import { describe, expect, it } from 'vitest';
import { business } from '@/contracts/business';
import { addDays } from '@/contracts/dates';
import { DELIVERY_WINDOW_DAYS, EARLIEST_WINDOW_SEARCH_DAYS, type DeliveryWindow } from '@/contracts/delivery-windows';
import {
  canAskForWindows,
  EARLIEST_SEARCH_CALLS,
  groupByDay,
  searchEarliestOpenDay,
  selectedWindow,
  startDateReaching,
  windowKey,
} from './delivery-windows';

const window = (date: string, start: string, open: number): DeliveryWindow => ({
  date,
  start,
  end: `${String(Number(start.slice(0, 2)) + 4).padStart(2, '0')}:00`,
  open,
});

const today = '2026-07-13';

describe('the checkout delivery-window picker', () => {
  it("searches as far ahead as the server's 90 days", () => {
    expect(DELIVERY_WINDOW_DAYS * (1 + EARLIEST_SEARCH_CALLS)).toBeGreaterThanOrEqual(EARLIEST_WINDOW_SEARCH_DAYS);
  });

  it('asks for windows only with a whole ZIP and a start date the checkout accepts', () => {
    expect(canAskForWindows('92618', '2026-07-14', today)).toBe(true);
    expect(canAskForWindows(' 92618-1234 ', today, today)).toBe(true);
    expect(canAskForWindows('9261', '2026-07-14', today)).toBe(false);
    expect(canAskForWindows('92618', '2026-07-12', today)).toBe(false);
    expect(canAskForWindows('92618', '0002-07-14', today)).toBe(false);
    expect(canAskForWindows('92618', '', today)).toBe(false);
    expect(canAskForWindows('92618', addDays(today, business.latestStartDays), today)).toBe(true);
    expect(canAskForWindows('92618', addDays(today, business.latestStartDays + 1), today)).toBe(false);
  });

  it('groups the windows under their day, in the order they came', () => {
    const windows = [
      window('2026-07-14', '08:00', 2),
      window('2026-07-14', '12:00', 0),
      window('2026-07-15', '08:00', 1),
      window('2026-07-17', '16:00', 4),
    ];
    expect(groupByDay(windows)).toEqual([
      { date: '2026-07-14', windows: windows.slice(0, 2) },
      { date: '2026-07-15', windows: [windows[2]] },
      { date: '2026-07-17', windows: [windows[3]] },
    ]);
    expect(groupByDay([])).toEqual([]);
  });

  it('preselects the earliest open window, keeps a wanted one with room, drops one no longer offered', () => {
    const windows = [
      window('2026-07-14', '08:00', 0),
      window('2026-07-14', '12:00', 3),
      window('2026-07-15', '08:00', 1),
    ];
    expect(selectedWindow(windows, undefined)).toBe(windows[1]);
    expect(selectedWindow(windows, windowKey(windows[2]!))).toBe(windows[2]);
    // Full now, or not offered any more (another start date, the owner's settings): the earliest open instead.
    expect(selectedWindow(windows, windowKey(windows[0]!))).toBe(windows[1]);
    expect(selectedWindow(windows, '2026-07-30 08:00')).toBe(windows[1]);
    expect(selectedWindow([window('2026-07-14', '08:00', 0)], undefined)).toBeUndefined();
  });

  it('finds the earliest open day 14 days at a time, asking from the day after the days it had', async () => {
    const asked: string[] = [];
    const earliest = await searchEarliestOpenDay({
      from: '2026-07-14',
      latestFrom: addDays(today, business.latestStartDays),
      fetchWindows: async (from) => {
        asked.push(from);
        return from === '2026-08-11'
          ? [window('2026-08-11', '08:00', 0), window('2026-08-13', '12:00', 2)]
          : [window(from, '08:00', 0)];
      },
    });
    expect(asked).toEqual(['2026-07-28', '2026-08-11']);
    expect(earliest).toBe('2026-08-13');
  });

  it('stops after six more answers, and never asks from beyond the latest start date', async () => {
    const asked: string[] = [];
    const fetchWindows = async (from: string) => {
      asked.push(from);
      return [window(from, '08:00', 0)];
    };
    expect(await searchEarliestOpenDay({ from: today, latestFrom: '2027-01-01', fetchWindows })).toBeNull();
    expect(asked).toHaveLength(EARLIEST_SEARCH_CALLS);
    expect(asked.at(-1)).toBe(addDays(today, DELIVERY_WINDOW_DAYS * EARLIEST_SEARCH_CALLS));

    asked.length = 0;
    expect(await searchEarliestOpenDay({ from: today, latestFrom: addDays(today, 30), fetchWindows })).toBeNull();
    expect(asked).toEqual([addDays(today, 14), addDays(today, 28)]);
  });

  it('moves the start date to the earliest day, or as late as the checkout allows when the day is beyond it', () => {
    expect(startDateReaching('2026-08-13', today)).toBe('2026-08-13');
    const latest = addDays(today, business.latestStartDays);
    expect(startDateReaching(addDays(latest, 5), today)).toBe(latest);
  });
});
