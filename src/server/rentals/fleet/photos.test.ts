import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES } from '@/contracts/unit-model-photo';
import { createUnitModel } from '@/server/platform/db/factories';
import { unitModels } from '@/server/platform/db/schema';
import { signInAdmin, type AdminClient } from '@tests/support/admin-client';
import { createTestApp, type TestApp } from '@tests/support/test-app';

let t: TestApp;
let admin: AdminClient;
let staff: AdminClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  staff = await signInAdmin(t, 'correct horse battery', { role: 'staff' });
});
afterAll(async () => t.close());

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 3)]);
const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(32, 1)]);

const upload = (client: AdminClient | null, modelId: string, body: Buffer | string, type = 'image/png') => {
  const options = {
    method: 'PUT' as const,
    url: `/api/admin/unit-models/${modelId}/photo`,
    payload: body,
    headers: { 'content-type': type },
  };
  return client ? client.request(options) : t.app.inject(options);
};
const catalogEntry = async (modelId: string) => {
  const list = (await t.app.inject({ url: '/api/unit-models' })).json() as Array<{ id: string; photoUrl: unknown }>;
  return list.find((model) => model.id === modelId);
};
const stored = async (modelId: string) => {
  const [row] = await t.db
    .select({ type: unitModels.photoType, at: unitModels.photoUpdatedAt })
    .from(unitModels)
    .where(eq(unitModels.id, modelId));
  return row;
};

describe('PUT /api/admin/unit-models/:id/photo', () => {
  it('stores a PNG, and the catalog links it by version in place of the drawing', async () => {
    const model = await createUnitModel(t.db);
    expect((await catalogEntry(model.id))?.photoUrl).toBeNull();

    const response = await upload(admin, model.id, png);
    expect(response.statusCode).toBe(200);
    const { photoUrl } = response.json() as { photoUrl: string };
    expect(photoUrl).toMatch(new RegExp(`^/api/unit-models/${model.id}/photo\\?v=\\d+$`));
    expect((await catalogEntry(model.id))?.photoUrl).toBe(photoUrl);
    const adminList = (await admin.request({ url: '/api/admin/unit-models' })).json() as Array<{
      id: string;
      photoUrl: string | null;
    }>;
    expect(adminList.find((m) => m.id === model.id)?.photoUrl).toBe(photoUrl);
  });

  it('accepts JPEG and WebP by their content, and a new upload gets a new version', async () => {
    const model = await createUnitModel(t.db);
    const first = (await upload(admin, model.id, jpeg, 'image/jpeg')).json().photoUrl as string;
    expect((await stored(model.id))?.type).toBe('image/jpeg');
    const second = await upload(admin, model.id, webp, 'image/webp');
    expect(second.statusCode).toBe(200);
    expect(second.json().photoUrl).not.toBe(first);
    expect((await stored(model.id))?.type).toBe('image/webp');
  });

  it('refuses bytes that are not an image of the declared type, and keeps the photo it had', async () => {
    const model = await createUnitModel(t.db);
    await upload(admin, model.id, png);
    const before = await stored(model.id);

    const html = await upload(admin, model.id, Buffer.from('<html><script>alert(1)</script></html>'), 'image/png');
    expect(html.statusCode).toBe(415);
    expect(html.json().message).toBe('The photo must be a JPEG, PNG or WebP image.');
    const mislabelled = await upload(admin, model.id, jpeg, 'image/png');
    expect(mislabelled.statusCode).toBe(415);
    const gif = await upload(admin, model.id, Buffer.from('GIF89a....'), 'image/gif');
    expect(gif.statusCode).toBe(415);
    expect(gif.json().message).toBe('The photo must be a JPEG, PNG or WebP image.');
    const json = await admin.request({
      method: 'PUT',
      url: `/api/admin/unit-models/${model.id}/photo`,
      payload: { photo: 'x' },
    });
    expect(json.statusCode).toBe(415);

    expect(await stored(model.id)).toEqual(before);
  });

  it('refuses a photo over 2 MB with 413, changing nothing', async () => {
    const model = await createUnitModel(t.db);
    const big = Buffer.concat([png, Buffer.alloc(MAX_PHOTO_BYTES)]);
    const response = await upload(admin, model.id, big);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The photo is larger than 2 MB. Please upload a smaller image.');
    expect(await stored(model.id)).toEqual({ type: null, at: null });
  });

  it('is for admins only: 401 signed out, 403 for staff, and nothing changes', async () => {
    const model = await createUnitModel(t.db);
    expect((await upload(null, model.id, png)).statusCode).toBe(401);
    expect((await upload(staff, model.id, png)).statusCode).toBe(403);
    expect(await stored(model.id)).toEqual({ type: null, at: null });
    await upload(admin, model.id, png);
    const del = (client: AdminClient | null) => {
      const options = {
        method: 'DELETE' as const,
        url: `/api/admin/unit-models/${model.id}/photo`,
      };
      return client ? client.request(options) : t.app.inject(options);
    };
    expect((await del(null)).statusCode).toBe(401);
    expect((await del(staff)).statusCode).toBe(403);
    expect((await stored(model.id))?.type).toBe('image/png');
  });

  it('answers 404 for an unknown model', async () => {
    const response = await upload(admin, '00000000-0000-4000-8000-000000000000', png);
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/unit-models/:id/photo', () => {
  it('serves the bytes with their type, an ETag, nosniff, and a year of immutable cache for the versioned URL', async () => {
    const model = await createUnitModel(t.db);
    const { photoUrl } = (await upload(admin, model.id, png)).json() as { photoUrl: string };

    const response = await t.app.inject({ url: photoUrl });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.equals(png)).toBe(true);
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^".+"$/);

    const revalidated = await t.app.inject({ url: photoUrl, headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');

    // Without the current version the copy must be revalidated.
    const unversioned = await t.app.inject({ url: `/api/unit-models/${model.id}/photo` });
    expect(unversioned.statusCode).toBe(200);
    expect(unversioned.headers['cache-control']).toBe('public, no-cache');
  });

  it('answers 404 once the photo is removed, and the catalog draws the model again', async () => {
    const model = await createUnitModel(t.db);
    const { photoUrl } = (await upload(admin, model.id, webp, 'image/webp')).json() as { photoUrl: string };
    const removed = await admin.request({
      method: 'DELETE',
      url: `/api/admin/unit-models/${model.id}/photo`,
    });
    expect(removed.statusCode).toBe(204);
    const gone = await t.app.inject({ url: photoUrl });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('This unit model has no photo.');
    expect((await catalogEntry(model.id))?.photoUrl).toBeNull();
  });

  it('refuses an id that is not a uuid with 400', async () => {
    expect((await t.app.inject({ url: '/api/unit-models/nope/photo' })).statusCode).toBe(400);
  });
});
