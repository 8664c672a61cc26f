import type { UnitModelSummary } from '@/contracts/catalog';
import type { Locale } from '@/contracts/locale';

type TierDetails = { btuRange: string; roomSize: string; hose: string };

/**
 * Every unit offered is at least 10,000 BTU (the spec's promise; the catalog and checkout offer no unit below
 * business.minimumBtu), so the small tier, named '8-10k' in the data, is described as 10,000 BTU: no tier may read
 * as if a unit below the promise could arrive.
 */
const tiers: Record<Locale, Record<string, TierDetails>> = {
  en: {
    '8-10k': { btuRange: '10,000 BTU', roomSize: 'Rooms up to 350 sq ft', hose: 'Single hose' },
    '12-14k': { btuRange: '12,000-14,000 BTU', roomSize: 'Medium rooms up to 500 sq ft', hose: 'Dual hose' },
  },
  es: {
    '8-10k': { btuRange: '10,000 BTU', roomSize: 'Cuartos de hasta 350 pies²', hose: 'Una manguera' },
    '12-14k': {
      btuRange: '12,000-14,000 BTU',
      roomSize: 'Cuartos medianos de hasta 500 pies²',
      hose: 'Doble manguera',
    },
  },
};

/** A model's hose type as the owner typed it ("single", "dual"), in the reader's language when it is a known one. */
const hoseNames: Record<Locale, Record<string, string>> = {
  en: {},
  es: { single: 'Una manguera', dual: 'Doble manguera' },
};

/** What a BTU tier means for a customer; the model's own room size and hose type win when it has them. */
export function tierDetails(
  model: Pick<UnitModelSummary, 'btuTier' | 'recommendedRoomSize' | 'hoseType'>,
  locale: Locale = 'en',
): TierDetails {
  const tier = tiers[locale][model.btuTier] ?? { btuRange: `${model.btuTier} BTU`, roomSize: '', hose: '' };
  const typed = model.hoseType?.trim().toLowerCase();
  const hose = !model.hoseType
    ? tier.hose
    : ((typed && hoseNames[locale][typed]) ?? `${model.hoseType[0]?.toUpperCase()}${model.hoseType.slice(1)} hose`);
  return { btuRange: tier.btuRange, roomSize: model.recommendedRoomSize ?? tier.roomSize, hose };
}

/** A tier's BTU as customers read it ("10,000 BTU" for the '8-10k' tier), wherever an order names its tier. */
export function btuRange(btuTier: string): string {
  return tiers.en[btuTier]?.btuRange ?? `${btuTier} BTU`;
}
