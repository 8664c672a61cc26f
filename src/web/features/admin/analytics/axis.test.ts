import { describe, expect, it } from 'vitest';
import { axisTop } from './axis';

describe('axisTop', () => {
  it('rounds up to four steps of 1, 2 or 5 times a power of ten', () => {
    expect(axisTop(6)).toBe(8); // 0, 2, 4, 6, 8
    expect(axisTop(8)).toBe(8);
    expect(axisTop(9)).toBe(20); // steps of 5
    expect(axisTop(23_400, 100)).toBe(40_000); // $0 … $400 in steps of $100
    expect(axisTop(101)).toBe(200);
  });

  it('never goes below the minimum step, so an empty chart still has a readable axis', () => {
    expect(axisTop(0)).toBe(4);
    expect(axisTop(0, 100)).toBe(400);
    expect(axisTop(3)).toBe(4);
  });
});
