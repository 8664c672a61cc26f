import { z } from 'zod';

/** A unit model as the catalog, home page and checkout show it. Prices are integer cents. */
export const unitModelSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  btuTier: z.string(),
  monthlyPrice: z.number().int(),
  weeklyPrice: z.number().int(),
  recommendedRoomSize: z.string().nullable(),
  hoseType: z.string().nullable(),
  description: z.string().nullable(),
  /** The owner's Spanish for the three above, null where none is written (a Spanish reader then sees the English). */
  nameEs: z.string().nullable(),
  recommendedRoomSizeEs: z.string().nullable(),
  descriptionEs: z.string().nullable(),
  /** The uploaded photo's versioned URL, null when the model has none (the site draws the unit instead). */
  photoUrl: z.string().nullable(),
});
export type UnitModelSummary = z.infer<typeof unitModelSummary>;

export const unitModelList = z.array(unitModelSummary);

/**
 * A model's stock: `available` can be rented now; `held` are free units held by checkouts not yet paid, which
 * come back if those are not paid (rented units are in neither).
 */
export const modelInventory = z.object({ available: z.number().int().min(0), held: z.number().int().min(0) });
export type ModelInventory = z.infer<typeof modelInventory>;

export const modelIdParams = z.object({ modelId: z.uuid({ message: 'Invalid unit model id' }) });

/** Where a model's photo is served; `?v=` names the version, so a versioned URL can be cached for good. */
export function unitModelPhotoUrl(modelId: string, photoUpdatedAt: Date | null): string | null {
  return photoUpdatedAt ? `/api/unit-models/${modelId}/photo?v=${photoUpdatedAt.getTime()}` : null;
}
