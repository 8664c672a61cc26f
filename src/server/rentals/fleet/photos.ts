import { eq, sql } from 'drizzle-orm';
import { photoMessages, type PhotoType } from '@/contracts/unit-model-photo';
import { unitModelPhotoUrl } from '@/contracts/catalog';
import { recordAudit } from '@/server/platform/audit-log';
import type { Db } from '@/server/platform/db/client';
import { unitModels } from '@/server/platform/db/schema';
import { AppError } from '@/server/platform/errors';
import { lockUnitModel, modelAudit, modelNotFound } from './model-lock';

/**
 * A unit model's uploaded photo (stored in unit_models.photo): it replaces the site's drawing of the model. Its
 * timestamp versions the public URL, so browsers may keep a versioned copy for good. Writing it fires the
 * unit_models trigger, so every instance's catalog picks up the new photoUrl.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image type the bytes really are (their magic bytes), whatever the upload claimed; null for anything else. */
export function detectPhotoType(bytes: Buffer): PhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'image/webp';
  }
  return null;
}

export class UnsupportedPhoto extends AppError {
  constructor(message: string = photoMessages.wrongType) {
    super(message, 415);
  }
}

/**
 * Stores (or replaces) a model's photo. The bytes must be a JPEG, PNG or WebP by their content; the declared type
 * must agree, so the type served is the type stored. The version moves forward even on a clock that stands still.
 */
export async function storeUnitModelPhoto(
  db: Db,
  adminUserId: string,
  modelId: string,
  bytes: Buffer,
  declaredType: string | undefined,
  now: Date,
): Promise<{ photoUrl: string }> {
  if (bytes.length === 0) throw new UnsupportedPhoto(photoMessages.empty);
  const type = detectPhotoType(bytes);
  if (!type || (declaredType !== undefined && declaredType !== type)) throw new UnsupportedPhoto();
  const updatedAt = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(unitModels)
      .set({
        photo: bytes,
        photoType: type,
        photoUpdatedAt: sql`greatest(${now.toISOString()}::timestamptz, ${unitModels.photoUpdatedAt} + interval '1 millisecond')`,
      })
      .where(eq(unitModels.id, modelId))
      .returning({ photoUpdatedAt: unitModels.photoUpdatedAt });
    if (!row) throw modelNotFound();
    await recordAudit(tx, modelAudit(adminUserId, 'unit_model.photo_uploaded', modelId, { type, bytes: bytes.length }));
    return row.photoUpdatedAt!;
  });
  return { photoUrl: unitModelPhotoUrl(modelId, updatedAt)! };
}

/** Removes a model's photo: the site draws the model again. Removing a photo that is not there changes nothing. */
export async function removeUnitModelPhoto(db: Db, adminUserId: string, modelId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const model = await lockUnitModel(tx, modelId, { photoUpdatedAt: unitModels.photoUpdatedAt });
    if (!model.photoUpdatedAt) return;
    await tx
      .update(unitModels)
      .set({ photo: null, photoType: null, photoUpdatedAt: null })
      .where(eq(unitModels.id, modelId));
    await recordAudit(tx, modelAudit(adminUserId, 'unit_model.photo_removed', modelId, {}));
  });
}

export interface StoredPhoto {
  bytes: Buffer;
  type: string;
  updatedAt: Date;
}

/** The photo of one model, or null when it has none (or there is no such model). */
export async function readUnitModelPhoto(db: Db, modelId: string): Promise<StoredPhoto | null> {
  const [row] = await db
    .select({ bytes: unitModels.photo, type: unitModels.photoType, updatedAt: unitModels.photoUpdatedAt })
    .from(unitModels)
    .where(eq(unitModels.id, modelId));
  if (!row?.bytes || !row.type || !row.updatedAt) return null;
  return { bytes: row.bytes, type: row.type, updatedAt: row.updatedAt };
}
