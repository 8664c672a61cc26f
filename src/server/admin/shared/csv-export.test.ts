import { afterAll, describe, expect, it } from 'vitest';
import { orderExportQuery } from '@/contracts/admin/exports';
import { ordersCsv } from '@/server/admin/order-desk/export';
import { createCustomer, createOrder, createUnitModel } from '@/server/platform/db/factories';
import { createTestDatabase } from '@tests/support/test-app';
import { csvChunks, yieldToOtherRequests } from './csv-export';

const t = await createTestDatabase();
afterAll(() => t.close());

/**
 * An export lets other requests run between its batches (ADR 038): before each batch it waits for a turn of the
 * event loop (setImmediate by default), so work queued meanwhile goes first, whatever the database driver does.
 */
describe('CSV exports yield between batches', () => {
  it('pauses before every batch, the header first', async () => {
    const model = await createUnitModel(t.db);
    for (let i = 0; i < 5; i += 1) {
      const customer = await createCustomer(t.db);
      await createOrder(t.db, { customerId: customer.id, modelId: model.id, status: 'active' });
    }
    const file = ordersCsv(t.db, orderExportQuery.parse({}), new Date());
    const turns: string[] = [];
    const rests: number[] = [];
    const pause = async (busyMs: number) => {
      turns.push('pause');
      rests.push(busyMs);
      await yieldToOtherRequests(busyMs);
    };
    for await (const chunk of csvChunks(file, 2, pause)) turns.push(`rows: ${chunk.split('\r\n').length - 1}`);
    // The header, then three batches (2, 2, 1 orders), each read after a pause.
    expect(turns).toEqual(['rows: 1', 'pause', 'rows: 2', 'pause', 'rows: 2', 'pause', 'rows: 1']);
    // The first pause follows the header (no batch yet); each other one is told how long the batch before took.
    expect(rests[0]).toBe(0);
    expect(rests.slice(1).every((busyMs) => busyMs > 0)).toBe(true);
  });

  it('lets work queued meanwhile run before the next batch', async () => {
    const file = ordersCsv(t.db, orderExportQuery.parse({}), new Date());
    const turns: string[] = [];
    for await (const chunk of csvChunks(file, 2)) {
      turns.push(`rows: ${chunk.split('\r\n').length - 1}`);
      setImmediate(() => turns.push('other'));
    }
    expect(turns).toEqual(['rows: 1', 'other', 'rows: 2', 'other', 'rows: 2', 'other', 'rows: 1']);
  });
});
