import type { UnitModelSummary } from '@/contracts/catalog';

type TierDetails = { btuRange: string; roomSize: string; hose: string };

/**
 * Every unit offered is at least 10,000 BTU (the spec's promise; the catalog and checkout offer no unit below
 * business.minimumBtu), so the small tier, named '8-10k' in the data, is described as 10,000 BTU: no tier may read
 * as if a unit below the promise could arrive.
 */
const tiers: Record<string, TierDetails> = {
  '8-10k': { btuRange: '10,000 BTU', roomSize: 'Rooms up to 350 sq ft', hose: 'Single hose' },
  '12-14k': { btuRange: '12,000-14,000 BTU', roomSize: 'Medium rooms up to 500 sq ft', hose: 'Dual hose' },
};

/** What a BTU tier means for a customer; the model's own room size and hose type win when it has them. */
export function tierDetails(
  model: Pick<UnitModelSummary, 'btuTier' | 'recommendedRoomSize' | 'hoseType'>,
): TierDetails {
  const tier = tiers[model.btuTier] ?? { btuRange: `${model.btuTier} BTU`, roomSize: '', hose: '' };
  const hose = model.hoseType ? `${model.hoseType[0]?.toUpperCase()}${model.hoseType.slice(1)} hose` : tier.hose;
  return { btuRange: tier.btuRange, roomSize: model.recommendedRoomSize ?? tier.roomSize, hose };
}
