import { describe, expect, it } from 'vitest';
import { lookupZip, milesBetweenZips } from './zip-codes';

describe('zip codes', () => {
  it('finds a US ZIP, with or without +4, and nothing for one that does not exist', () => {
    expect(lookupZip('92701')).toMatchObject({ city: 'Santa Ana', state: 'CA' });
    expect(lookupZip('92701-1234')?.zip).toBe('92701');
    expect(lookupZip('00000')).toBeUndefined();
    expect(lookupZip('9270')).toBeUndefined();
    expect(lookupZip('abcde')).toBeUndefined();
  });

  it('measures great-circle miles between ZIP centres', () => {
    expect(milesBetweenZips('92701', '92701')).toBe(0);
    // Santa Ana to South LA (90044) is about 30 miles; to New York about 2,450.
    expect(milesBetweenZips('92701', '90044')).toBeGreaterThan(25);
    expect(milesBetweenZips('92701', '90044')).toBeLessThan(35);
    expect(milesBetweenZips('92701', '10118')).toBeGreaterThan(2000);
    expect(milesBetweenZips('92701', '00000')).toBeUndefined();
  });
});
