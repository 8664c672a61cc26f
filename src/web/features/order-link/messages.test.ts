import { describe, expect, it } from 'vitest';
import { orderLinkQuery, orderLinkSignInput } from '@/contracts/phone-orders';
import { translator } from '@/i18n/translator';
import { findServerMessage, translateServerMessage } from '@/web/i18n/server-message';

const es = translator('es', 'errors');

/** Every message a schema gives for `input`. */
const messagesOf = (schema: typeof orderLinkSignInput | typeof orderLinkQuery, input: unknown) =>
  schema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

describe("the order link page's messages", () => {
  it('knows, and says in Spanish, every refusal of the signature and the key', () => {
    const shown = [
      ...messagesOf(orderLinkSignInput, { key: 'short', typedName: ' x ', agreed: false }),
      ...messagesOf(orderLinkSignInput, {}),
      ...messagesOf(orderLinkQuery, {}),
    ];
    expect(new Set(shown)).toEqual(
      new Set(['This link is not valid', 'Please type your full legal name', 'You must agree to the terms']),
    );
    for (const message of shown) {
      expect(findServerMessage(message)).toBeDefined();
      expect(translateServerMessage(es, message)).not.toBe(message);
    }
  });
});
