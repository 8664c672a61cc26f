import { describe, expect, it } from 'vitest';
import { business } from '@/contracts/business';
import { translator } from '@/i18n/translator';

describe('business facts', () => {
  it('shows the business data verbatim in English and translated in Spanish', () => {
    const en = translator('en', 'common');
    const es = translator('es', 'common');
    expect(en('facts.officeHours')).toBe(business.officeHours);
    expect(en('facts.area')).toBe(business.area);
    expect(es('facts.officeHours')).not.toBe(business.officeHours);
  });
});
