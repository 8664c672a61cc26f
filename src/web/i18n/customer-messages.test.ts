import { describe, expect, it } from 'vitest';
import { cancellationMessages } from '@/contracts/portal';
import { serviceRequestMessages } from '@/contracts/service-requests';
import { feeTypeLabels } from '@/contracts/fee-types';
import { es } from '@/i18n/es';
import { findServerMessage } from './server-message';

/**
 * Issue 33: a message a customer can meet must have Spanish. The API and the shared schemas speak English (ADR
 * 025) and the browser translates what it knows, so every message of a customer's form has to be known to the
 * `errors:server.*` catalog, or a Spanish reader sees English. A message added without its Spanish fails here.
 */
const customerMessages: Record<string, Record<string, string>> = {
  'the cancellation request (contracts/portal.ts)': cancellationMessages,
  'the service request (contracts/service-requests.ts)': serviceRequestMessages,
};

describe('messages customers read have Spanish', () => {
  for (const [where, messages] of Object.entries(customerMessages)) {
    it(`knows every message of ${where}`, () => {
      const unknown = Object.values(messages).filter((message) => !findServerMessage(message));
      expect(unknown).toEqual([]);
    });
  }

  it('names every kind of fee in the Spanish portal (the English one uses the owner’s labels themselves)', () => {
    expect(Object.keys(es.portal.invoices.feeTypes).sort()).toEqual(Object.keys(feeTypeLabels).sort());
  });
});
