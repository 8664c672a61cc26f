import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { Locale } from '@/contracts/locale';
import { outOfAreaMessage } from '@/contracts/service-area';
import {
  modelInStockMessage,
  offerAlreadyHeldMessage,
  waitlistJoinedMessage,
  waitlistJoinInput,
} from '@/contracts/waitlist';
import { translator } from '@/i18n/translator';
import { switchLocaleForPrerender } from '@/web/i18n';
import { findServerMessage, translateServerMessage } from '@/web/i18n/server-message';
import { ApiError } from '@/web/lib/api';
import { firstRefusedField, joinRefusalOf } from './join-refusal';
import { JoinedPlace, placeText, WaitlistJoinForm, type JoinValues } from './waitlist-join-form';

const en = translator('en', 'waitlist');
const es = translator('es', 'waitlist');
const checkoutHref = '/checkout?model=4f6c1d2e-5a7b-4c8d-9e0f-123456789abc';
const values: JoinValues = { email: 'nope', zipCode: '1', website: '' };

async function render(locale: Locale, element: ReactElement) {
  await switchLocaleForPrerender(locale);
  return renderToStaticMarkup(createElement(Router, { ssrPath: '/catalog', children: element }));
}

const form = (refusal: ReturnType<typeof joinRefusalOf>) =>
  createElement(WaitlistJoinForm, {
    idPrefix: 'join',
    values,
    onChange: () => undefined,
    refusal,
    checkoutHref,
    onSubmit: () => undefined,
    actions: null,
  });

/** The text a person reads: tags dropped, entities decoded. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('joining the waitlist from the catalog', () => {
  it("says the place in line in the page's language, chosen by position: the server's words in English", () => {
    for (const position of [1, 3, 12]) {
      const place = { position, message: waitlistJoinedMessage(position) };
      expect(placeText(en, place)).toBe(waitlistJoinedMessage(position));
      expect(placeText(es, place)).not.toBe(waitlistJoinedMessage(position));
    }
    expect(placeText(es, { position: 3, message: waitlistJoinedMessage(3) })).toMatch(
      /^Usted ocupa el lugar número 3 /,
    );
    expect(placeText(es, { position: 1, message: waitlistJoinedMessage(1) })).toMatch(/^Usted ocupa el primer lugar/);
    // Asking again while a unit is held for the e-mail: that, not a place.
    const held = { position: 1, message: offerAlreadyHeldMessage };
    expect(placeText(en, held)).toBe(offerAlreadyHeldMessage);
    expect(placeText(es, held)).toMatch(/^Ya tiene una unidad apartada/);
  });

  it('shows the place once joined, as a status', async () => {
    const place = { position: 3, message: waitlistJoinedMessage(3) };
    const english = await render('en', createElement(JoinedPlace, { place }));
    expect(english).toContain('role="status"');
    expect(textOf(english)).toContain("You're number 3 in line.");
    expect(textOf(await render('es', createElement(JoinedPlace, { place })))).toContain(
      'Usted ocupa el lugar número 3 en la lista de espera.',
    );
  });

  it('puts each refused field’s message under it, in Spanish, the field marked invalid and described by it', async () => {
    const result = waitlistJoinInput.safeParse({ email: 'nope', zipCode: '1', modelId: crypto.randomUUID() });
    const fieldErrors = Object.fromEntries(result.error!.issues.map((issue) => [String(issue.path[0]), issue.message]));
    expect(Object.keys(fieldErrors).sort()).toEqual(['email', 'zipCode']);
    const refusal = joinRefusalOf(new ApiError(400, fieldErrors.email!, fieldErrors));
    expect(refusal).toEqual({ fields: fieldErrors });
    expect(firstRefusedField(refusal)).toBe('email');

    const html = await render('es', form(refusal));
    expect(html).toMatch(/<input[^>]*id="join-email"[^>]*aria-invalid="true"[^>]*aria-describedby="join-email-error"/);
    expect(html).toMatch(
      /<input[^>]*id="join-zipCode"[^>]*aria-invalid="true"[^>]*aria-describedby="join-zipCode-description join-zipCode-error"/,
    );
    expect(html).toContain('<p id="join-email-error" class="text-sm font-medium text-destructive">Ingrese un correo');
    expect(html).toMatch(/<p id="join-zipCode-error"[^>]*>Ingrese un código postal \(ZIP\) válido<\/p>/);
    expect(html).toMatch(/<label[^>]*for="join-email"[^>]*>Correo electrónico<\/label>/);
    expect(html).toMatch(/<label[^>]*for="join-zipCode"[^>]*>Código postal de entrega<\/label>/);
  });

  it('marks no field while nothing was refused', async () => {
    const html = await render('en', form(undefined));
    expect(html).not.toContain('aria-invalid="true"');
    expect(html).not.toContain('role="alert"');
    expect(html).toMatch(/<label[^>]*for="join-zipCode"[^>]*>Delivery ZIP code<\/label>/);
  });

  it('puts a ZIP outside the service area (422) under the ZIP field, in the words that say how far it is', async () => {
    const message = outOfAreaMessage('90210', 41.4, 35);
    const refusal = joinRefusalOf(new ApiError(422, message, {}, '', 'out_of_service_area'));
    expect(refusal).toEqual({ fields: { zipCode: message } });
    expect(firstRefusedField(refusal)).toBe('zipCode');
    expect(textOf(await render('en', form(refusal)))).toContain(message);
    expect(textOf(await render('es', form(refusal)))).toContain(
      'Todavía no entregamos en el código postal 90210: está a 41 millas',
    );
  });

  it('says a model in stock after all (409) with a link to rent it now', async () => {
    const refusal = joinRefusalOf(new ApiError(409, modelInStockMessage));
    expect(refusal).toEqual({ fields: {}, inStock: modelInStockMessage });
    expect(firstRefusedField(refusal)).toBeUndefined();
    const english = await render('en', form(refusal));
    expect(textOf(english)).toContain(modelInStockMessage);
    expect(english).toMatch(
      /<a[^>]*href="\/checkout\?model=4f6c1d2e-5a7b-4c8d-9e0f-123456789abc"[^>]*>Rent it now<\/a>/,
    );
    expect(textOf(await render('es', form(refusal)))).toContain('Este modelo está disponible: puede rentarlo ahora.');
  });

  it('says too many attempts (429), a refused model and a network failure over the buttons', async () => {
    const tooMany = joinRefusalOf(new ApiError(429, 'Too many attempts. Please wait a few minutes and try again.'));
    expect(tooMany).toEqual({ fields: {}, form: 'Too many attempts. Please wait a few minutes and try again.' });
    const html = await render('es', form(tooMany));
    expect(html).toMatch(/<p role="alert"[^>]*>Demasiados intentos\. Espere unos minutos e intente de nuevo\.<\/p>/);
    expect(html).not.toContain('aria-invalid="true"');

    const model = joinRefusalOf(
      new ApiError(400, 'Please choose a unit model', { modelId: 'Please choose a unit model' }),
    );
    expect(model).toEqual({ fields: {}, form: 'Please choose a unit model' });
    expect(joinRefusalOf(new TypeError('Failed to fetch'))).toEqual({ fields: {}, form: 'Failed to fetch' });
    expect(joinRefusalOf(null)).toBeUndefined();
  });

  it('knows, and says in Spanish, every message the join can answer with', () => {
    const messages = [
      modelInStockMessage,
      offerAlreadyHeldMessage,
      ...(waitlistJoinInput.safeParse({}).error?.issues.map((issue) => issue.message) ?? []),
    ];
    const spanish = translator('es', 'errors');
    for (const message of messages) {
      expect(findServerMessage(message), message).toBeDefined();
      expect(translateServerMessage(spanish, message), message).not.toBe(message);
    }
  });
});
