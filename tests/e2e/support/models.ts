import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Browser } from '@playwright/test';
import { e2eAdmin } from './global-setup';

// Models and units the specs make through the owner's API. A model made here is priced last (weekly price at the
// maximum), so a checkout without a model never picks it; specs deactivate it at the end.

/** A signed-in owner's API client. */
export async function ownerRequest(browser: Browser): Promise<APIRequestContext> {
  const owner = await browser.newContext();
  expect((await owner.request.post('/api/admin/login', { data: e2eAdmin })).status()).toBe(200);
  return owner.request;
}

export async function createModel(owner: APIRequestContext, name: string): Promise<string> {
  const created = await owner.post('/api/admin/unit-models', {
    data: { name, btuTier: '12-14k', hoseType: 'single', weeklyPrice: 100_000 },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

export async function addUnit(owner: APIRequestContext, modelId: string): Promise<string> {
  const created = await owner.post('/api/admin/units', {
    data: {
      modelId,
      serial: `E2E-${randomUUID().slice(0, 8)}`,
      brand: 'Midea',
      model: 'MAP12S1TBL',
      btu: 12_000,
      purchaseDate: '2026-01-15',
      purchasePrice: 449,
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

export const deactivate = async (owner: APIRequestContext, modelId: string) =>
  expect((await owner.patch(`/api/admin/unit-models/${modelId}`, { data: { active: false } })).status()).toBe(200);
