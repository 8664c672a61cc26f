/**
 * How the customer side's language is chosen (the languages themselves: contracts/locale.ts). Shared by the browser
 * (first visit, switcher) and the server (pages rendered for a request, e-mails, the agreement PDF) so both pick the
 * same language.
 */
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@/contracts/locale';

/** The cookie that remembers a visitor's choice (a year; readable by the page, it holds nothing secret). */
export const LOCALE_COOKIE = 'lang';
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Each language named in itself: what the switcher shows. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The value when it names a supported language, otherwise the default: for languages stored or sent as text. */
export function localeOrDefault(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** The first supported language in a preference list (`es-MX` counts as `es`), or undefined. */
export function matchLocale(preferences: readonly string[]): Locale | undefined {
  for (const preference of preferences) {
    const base = preference.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(base)) return base;
  }
  return undefined;
}

/** The languages of an `Accept-Language` header, most wanted first (`q=0` means "not this one"). */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 512)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The language for a visitor: a remembered choice wins, then what the browser asks for, then English. */
export function pickLocale(input: { cookie?: string | undefined; preferences?: readonly string[] }): Locale {
  if (isLocale(input.cookie)) return input.cookie;
  return matchLocale(input.preferences ?? []) ?? DEFAULT_LOCALE;
}
