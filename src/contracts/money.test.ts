import { describe, expect, it } from 'vitest';
import { dollarsToCents, formatCents, formatCount } from './money';

describe('money', () => {
  it('converts dollars to cents rounding half a cent up, without float drift', () => {
    expect(dollarsToCents(12.345)).toBe(1235);
    expect(dollarsToCents(1.005)).toBe(101);
    expect(dollarsToCents(1)).toBe(100);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(150)).toBe(15_000);
    expect(dollarsToCents(19.994)).toBe(1999);
  });

  it('formats cents as whole dollars or with cents', () => {
    expect(formatCents(3900, { wholeDollars: true })).toBe('$39');
    expect(formatCents(15_600)).toBe('$156.00');
    expect(formatCents(123_456)).toBe('$1,234.56');
  });

  it('writes what Intl writes for en-US dollars, for every amount up to $1,000 either way and beyond', () => {
    const intl = (digits: number) =>
      new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
    const [withCents, whole] = [intl(2), intl(0)];
    const differences: number[] = [];
    const amounts = Array.from({ length: 200_001 }, (_, index) => index - 100_000);
    for (let cents = 100_000; cents < 1_000_000_000; cents += 7919) amounts.push(cents, -cents);
    for (const cents of amounts) {
      // Intl writes "-$0" for a loss under 50 cents rounded to whole dollars; a price reads "$0".
      const wholeExpected = Math.abs(cents) < 50 ? '$0' : whole.format(cents / 100);
      if (formatCents(cents) !== withCents.format(cents / 100)) differences.push(cents);
      if (formatCents(cents, { wholeDollars: true }) !== wholeExpected) differences.push(cents);
    }
    expect(differences).toEqual([]);
    expect(formatCents(123_456_789_012)).toBe('$1,234,567,890.12');
  });

  it('groups a count in thousands as en-US does', () => {
    expect(formatCount(8000)).toBe('8,000');
    expect(formatCount(-1_234_567)).toBe('-1,234,567');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(14.6)).toBe('15');
  });
});
