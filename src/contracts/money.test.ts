import { describe, expect, it } from 'vitest';
import { dollarsToCents, formatCents } from './money';

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
});
