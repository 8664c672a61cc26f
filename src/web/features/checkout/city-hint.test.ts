import { describe, expect, it } from 'vitest';
import { cityDiffersFromZip } from './registration-details';

describe('the hint when the city typed is not the ZIP’s', () => {
  const santaAna = { zipCode: '92701', city: 'Santa Ana' };

  it('is given for another city (San Francisco with 92701)', () => {
    expect(cityDiffersFromZip('San Francisco', santaAna)).toBe(true);
  });

  it('is not given for the same city written another way', () => {
    for (const typed of ['Santa Ana', 'santa ana', ' SANTA  ANA ', 'Santa-Ana', 'Santa Ana.']) {
      expect(cityDiffersFromZip(typed, santaAna), typed).toBe(false);
    }
  });

  it('waits for a city and a known ZIP', () => {
    expect(cityDiffersFromZip('', santaAna)).toBe(false);
    expect(cityDiffersFromZip('S', santaAna)).toBe(false);
    expect(cityDiffersFromZip('Irvine', undefined)).toBe(false);
  });
});
