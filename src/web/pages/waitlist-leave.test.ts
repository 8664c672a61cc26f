import { QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { Locale } from '@/contracts/locale';
import { isPageRoute } from '@/contracts/page-routes';
import { invalidWaitlistLink, leftWaitlistMessage, type WaitlistEntryView } from '@/contracts/waitlist';
import { translator } from '@/i18n/translator';
import { isInvalidLink, waitlistKeys } from '@/web/features/waitlist/api';
import { entryStatusText, WaitlistEntryPanel } from '@/web/features/waitlist/entry-panel';
import { switchLocaleForPrerender } from '@/web/i18n';
import { translateServerMessage } from '@/web/i18n/server-message';
import { ApiError } from '@/web/lib/api';
import { createQueryClient } from '@/web/lib/query-client';
import WaitlistLeavePage from './waitlist-leave';

const en = translator('en', 'waitlist');
const es = translator('es', 'waitlist');
const model = 'Portable AC 12,000 BTU';
const token = `${crypto.randomUUID()}.abcdefghijklmnopqrstuvwxyz012345`;
const entry = (status: WaitlistEntryView['status'], position: number | null = null): WaitlistEntryView => ({
  modelName: model,
  status,
  position,
});

async function render(locale: Locale, element: ReactElement, search = '') {
  await switchLocaleForPrerender(locale);
  return renderToStaticMarkup(
    createElement(Router, { ssrPath: '/waitlist/leave', ssrSearch: search, children: element }),
  );
}

/** The leave page, with the entry the API answered for the token (if any) already fetched. */
function page(view?: WaitlistEntryView) {
  const client = createQueryClient();
  if (view) client.setQueryData(waitlistKeys.entry(token), view);
  return createElement(QueryClientProvider, { client }, createElement(WaitlistLeavePage));
}

const panel = (view: WaitlistEntryView, left = false) =>
  createElement(WaitlistEntryPanel, { view, left, leaving: false, leaveError: undefined, onLeave: () => undefined });

/** The text a person reads: tags dropped, entities decoded. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
const leaveButton = /<button[^>]*>Leave the waitlist<\/button>/;

describe("the waitlist e-mail's leave page", () => {
  it('is a page route of its own', () => {
    expect(isPageRoute('/waitlist/leave')).toBe(true);
    expect(isPageRoute('/waitlist/leave/')).toBe(true);
    expect(isPageRoute('/waitlist')).toBe(false);
  });

  it('says the place in line while waiting, with the button that leaves it', async () => {
    expect(entryStatusText(en, entry('waiting', 3))).toEqual({
      text: `You're number 3 in line for the ${model}.`,
      note: "When it's your turn, we'll e-mail you a link that holds a unit for you.",
      canLeave: true,
    });
    expect(entryStatusText(en, entry('waiting', 1)).text).toBe(`You're first in line for the ${model}.`);
    expect(entryStatusText(es, entry('waiting', 3)).text).toBe(
      `Usted ocupa el lugar número 3 en la lista de espera del modelo ${model}.`,
    );

    const html = await render('en', page(entry('waiting', 3)), `token=${token}`);
    expect(textOf(html)).toContain(`You're number 3 in line for the ${model}.`);
    expect(html).toMatch(leaveButton);
    expect(html).toMatch(/<h1[^>]*>Your place on the waitlist<\/h1>/);
  });

  it('lets an offer be given up too, saying the unit goes to the next in line', () => {
    const offered = entryStatusText(en, entry('offered'));
    expect(offered.canLeave).toBe(true);
    expect(offered.text).toContain(`A ${model} is held for you right now`);
    expect(offered.note).toBe('If you leave the waitlist, the unit goes to the next person in line.');
  });

  it('says a place that already ended, each in its own words and without the button', async () => {
    const ended = (['left', 'removed', 'rented', 'lapsed'] as const).map((status) => {
      const said = entryStatusText(en, entry(status));
      expect(said.canLeave, status).toBe(false);
      expect(said.text, status).toContain(model);
      expect(entryStatusText(es, entry(status)).text, status).not.toBe(said.text);
      return said.text;
    });
    expect(new Set(ended).size).toBe(4);

    for (const status of ['left', 'removed', 'rented', 'lapsed'] as const) {
      const html = await render('en', panel(entry(status)));
      expect(html, status).not.toMatch(leaveButton);
      expect(html, status).toMatch(/<a[^>]*href="\/catalog"[^>]*>See the catalog<\/a>/);
    }
    expect(textOf(await render('en', panel(entry('left'))))).toContain(
      `You already left the waitlist for the ${model}.`,
    );
  });

  it('confirms leaving in the contract’s words, and in Spanish', async () => {
    const english = await render('en', panel(entry('left'), true));
    expect(english).toMatch(/<p tabindex="-1" role="status"[^>]*>/);
    expect(textOf(english)).toContain(leftWaitlistMessage);
    expect(english).not.toMatch(leaveButton);
    expect(textOf(await render('es', panel(entry('left'), true)))).toContain(
      'Usted salió de la lista de espera. No le volveremos a escribir sobre este modelo.',
    );
    const spanishErrors = translator('es', 'errors');
    expect(translateServerMessage(spanishErrors, invalidWaitlistLink)).not.toBe(invalidWaitlistLink);
  });

  it('says a link without its token, or one the API does not know (400, 404), is not valid', async () => {
    const html = await render('en', page(entry('waiting', 3)));
    expect(html).toMatch(/<h1[^>]*>This link is not valid<\/h1>/);
    expect(html).not.toMatch(leaveButton);
    expect(textOf(await render('es', page()))).toContain('Este enlace de la lista de espera no es válido.');
    expect(isInvalidLink(new ApiError(404, invalidWaitlistLink))).toBe(true);
    expect(isInvalidLink(new ApiError(400, invalidWaitlistLink, { token: invalidWaitlistLink }))).toBe(true);
    expect(isInvalidLink(new ApiError(500, 'Something went wrong on our side. Please try again.'))).toBe(false);
    expect(isInvalidLink(new TypeError('Failed to fetch'))).toBe(false);
  });
});
