import type { unitModels } from './schema';

/**
 * The two unit models the business opens with (spec section 1: one flat monthly price, two BTU tiers). The demo
 * seed and the tests' factories build on them too.
 */
export const unitModelCatalog = {
  small: {
    // Tier '8-10k' (the spec's name for it), but every unit offered is at least 10,000 BTU: the catalog and checkout
    // offer no unit under business.minimumBtu. So the name says 10,000 BTU, never a range below the promise.
    name: 'Portable AC 10,000 BTU',
    btuTier: '8-10k',
    monthlyPrice: 3900,
    weeklyPrice: 1500,
    recommendedRoomSize: 'Rooms up to 350 sq ft',
    hoseType: 'single',
    description: 'Compact single-hose unit for bedrooms, dorm-style apartments and home offices up to 350 sq ft.',
    nameEs: 'Aire portátil de 10,000 BTU',
    recommendedRoomSizeEs: 'Cuartos de hasta 350 pies²',
    descriptionEs:
      'Equipo compacto de una manguera para recámaras, departamentos tipo dormitorio y oficinas en casa de hasta 350 pies².',
  },
  medium: {
    name: 'Portable AC 12,000-14,000 BTU',
    btuTier: '12-14k',
    monthlyPrice: 3900,
    weeklyPrice: 1900,
    recommendedRoomSize: 'Medium rooms up to 500 sq ft',
    hoseType: 'dual',
    description: 'Dual-hose unit that cools medium rooms up to 500 sq ft faster and more efficiently.',
    nameEs: 'Aire portátil de 12,000-14,000 BTU',
    recommendedRoomSizeEs: 'Cuartos medianos de hasta 500 pies²',
    descriptionEs:
      'Equipo de doble manguera que enfría cuartos medianos de hasta 500 pies² más rápido y con más eficiencia.',
  },
} as const satisfies Record<string, Omit<typeof unitModels.$inferInsert, 'id'>>;
