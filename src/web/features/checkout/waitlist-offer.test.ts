import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { UnitModelSummary } from '@/contracts/catalog';
import { createSessionInput } from '@/contracts/checkout';
import type { Locale } from '@/contracts/locale';
import { invalidWaitlistLink, offerEnded, offerForAnotherEmail, type WaitlistOfferView } from '@/contracts/waitlist';
import { checkout } from '@/i18n/en/checkout';
import { translator } from '@/i18n/translator';
import { switchLocaleForPrerender } from '@/web/i18n';
import { formatMomentIn } from '@/i18n/format';
import { translateServerMessage } from '@/web/i18n/server-message';
import { ApiError } from '@/web/lib/api';
import type { ModelStock } from './api';
import {
  isOfferEndedMessage,
  offerNoticeOf,
  offerTokenToSend,
  withUnitHeldForYou,
  type OfferNotice,
} from './waitlist-offer';
import { WaitlistOfferNotice } from './waitlist-offer-notice';

const modelId = '4f6c1d2e-5a7b-4c8d-9e0f-123456789abc';
const token = `${crypto.randomUUID()}.abcdefghijklmnopqrstuvwxyz012345`;
// 9:30 PM in Los Angeles (PDT) on Thursday, July 9, 2026: already Friday in UTC.
const heldUntil = '2026-07-10T04:30:00.000Z';
const held: WaitlistOfferView = { modelId, modelName: 'Portable AC 12,000 BTU', state: 'held', heldUntil };

async function noticeText(locale: Locale, notice: OfferNotice) {
  await switchLocaleForPrerender(locale);
  return renderToStaticMarkup(createElement(WaitlistOfferNotice, { notice }))
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'");
}

describe("the checkout opened from a waitlist offer's link", () => {
  it('says what the offer holds, until when in Los Angeles time, and which e-mail to check out with', async () => {
    const notice = offerNoticeOf({ data: held, error: null });
    expect(notice).toEqual({ kind: 'held', modelId, modelName: 'Portable AC 12,000 BTU', heldUntil });
    const noTime = offerNoticeOf({ data: { ...held, heldUntil: null }, error: null });
    expect(await noticeText('en', notice)).toBe(
      `We're holding a Portable AC 12,000 BTU for you until ${formatMomentIn('en', heldUntil)} (Los Angeles time). ` +
        'Check out with the e-mail address you joined the waitlist with.',
    );
    expect(formatMomentIn('en', heldUntil)).toMatch(/^Thursday, July 9.* 9:30\sPM$/);
    expect(formatMomentIn('es', heldUntil)).toMatch(/^jueves, 9 de julio.* 9:30\sp\.\s?m\.$/);
    expect(await noticeText('es', notice)).toMatch(
      /^Le apartamos una unidad Portable AC 12,000 BTU hasta el jueves, 9 de julio.*\(hora de Los Ángeles\)\. Complete la renta con el correo electrónico con el que se unió/,
    );
    expect(await noticeText('en', noTime)).toMatch(/^We're holding a Portable AC 12,000 BTU for you\. /);
  });

  it('says an offer that ended in the contract’s words, and a link that is not ours (400, 404)', async () => {
    const ended = offerNoticeOf({ data: { ...held, state: 'ended', heldUntil: null }, error: null });
    expect(ended).toEqual({ kind: 'ended' });
    expect(checkout.waitlistOffer.ended).toBe(offerEnded);
    expect(await noticeText('en', ended)).toBe(offerEnded);
    expect(await noticeText('es', ended)).toMatch(/^Esta oferta de la lista de espera terminó/);
    for (const status of [400, 404]) {
      expect(offerNoticeOf({ data: undefined, error: new ApiError(status, invalidWaitlistLink) })).toEqual({
        kind: 'invalid',
      });
    }
    expect(await noticeText('en', { kind: 'invalid' })).toMatch(/^This waitlist link is not valid\./);
    expect(offerNoticeOf({ data: undefined, error: new ApiError(500, 'Something went wrong') })).toEqual({
      kind: 'failed',
    });
    expect(offerNoticeOf({ data: undefined, error: null })).toEqual({ kind: 'checking' });
  });

  it('checks out with the offer while it may hold the chosen unit, and as any checkout once it is over or another is chosen', () => {
    const heldNotice = offerNoticeOf({ data: held, error: null });
    const chosen = { selected: modelId, ofLink: modelId };
    expect(offerTokenToSend(token, { kind: 'checking' }, chosen)).toBe(token);
    expect(offerTokenToSend(token, heldNotice, chosen)).toBe(token);
    expect(offerTokenToSend(token, heldNotice, { selected: modelId, ofLink: undefined })).toBe(token);
    expect(offerTokenToSend(token, { kind: 'failed' }, chosen)).toBe(token);
    expect(offerTokenToSend(token, { kind: 'ended' }, chosen)).toBeUndefined();
    expect(offerTokenToSend(token, { kind: 'invalid' }, chosen)).toBeUndefined();
    expect(offerTokenToSend(undefined, { kind: 'checking' }, chosen)).toBeUndefined();
    // Another model chosen than the offer's: an ordinary checkout of that model (the server would book the offer's).
    const other = { selected: crypto.randomUUID(), ofLink: modelId };
    expect(offerTokenToSend(token, heldNotice, other)).toBeUndefined();
    expect(offerTokenToSend(token, { kind: 'checking' }, other)).toBeUndefined();
    expect(offerTokenToSend(token, { kind: 'failed' }, other)).toBeUndefined();
    // The token as the page passes it is one the create-session schema takes.
    const body = createSessionInput.safeParse({ waitlistOffer: token });
    expect(body.error?.issues.some((issue) => issue.path[0] === 'waitlistOffer')).toBeFalsy();
  });

  it('lets the visitor choose the model held for them, though everyone else sees it out of stock', () => {
    const summary = (id: string) => ({ id, name: id, btuTier: '10k' }) as unknown as UnitModelSummary;
    const items: ModelStock[] = [
      { model: summary(modelId), stock: { available: 0, held: 1 } },
      { model: summary('other'), stock: { available: 0, held: 0 } },
      { model: summary('unknown'), stock: undefined },
    ];
    const mine = withUnitHeldForYou(items, modelId);
    expect(mine.map((item) => item.stock)).toEqual([{ available: 1, held: 1 }, { available: 0, held: 0 }, undefined]);
    expect(withUnitHeldForYou(items, undefined)).toBe(items);
  });

  it('tells the offer that ended at checkout (409) from other refusals, and says both refusals in Spanish', () => {
    expect(isOfferEndedMessage(offerEnded)).toBe(true);
    expect(isOfferEndedMessage(offerForAnotherEmail)).toBe(false);
    const es = translator('es', 'errors');
    const en = translator('en', 'errors');
    for (const message of [offerEnded, offerForAnotherEmail, invalidWaitlistLink]) {
      expect(translateServerMessage(en, message)).toBe(message);
      expect(translateServerMessage(es, message), message).not.toBe(message);
    }
  });
});
