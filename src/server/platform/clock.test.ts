import { describe, expect, it } from 'vitest';
import { BillingClock, epochMs, systemClock } from './clock';

describe('epochMs', () => {
  it('reads a clock without nowMs through now()', () => {
    const at = new Date('2026-07-14T19:30:00Z');
    expect(epochMs({ now: () => at })).toBe(at.getTime());
  });

  it('reads the system clock as Date.now does', () => {
    const before = Date.now();
    const read = epochMs(systemClock);
    expect(read).toBeGreaterThanOrEqual(before);
    expect(read).toBeLessThanOrEqual(Date.now());
  });

  it('reads the billing clock moved ahead as its now() does', () => {
    const clock = new BillingClock();
    const target = new Date(Date.now() + 40 * 86_400_000);
    clock.moveTo(target);
    const read = epochMs(clock);
    expect(read).toBeGreaterThanOrEqual(target.getTime());
    expect(clock.now().getTime() - read).toBeLessThan(1000);
  });
});
