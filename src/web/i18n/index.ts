import { createInstance } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '@/i18n/en';
import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  type Locale,
  pickLocale,
} from '@/i18n/locale';

/**
 * The browser's translations. English is in the main bundle; Spanish is fetched once, before the first render,
 * only by visitors who read it. The language is the one the server rendered the page in (`<html lang>` when the
 * server chose it, `data-locale`), else the remembered choice (cookie `lang`), else the browser's languages.
 */
export const i18n = createInstance();

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  return document.cookie
    .split('; ')
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
}

export function detectLocale(): Locale {
  const rendered = document.documentElement.dataset.locale;
  if (isLocale(rendered)) return rendered;
  return pickLocale({ cookie: readCookie(LOCALE_COOKIE), preferences: navigator.languages ?? [] });
}

async function ensureLoaded(locale: Locale): Promise<void> {
  if (locale === 'en' || i18n.hasResourceBundle(locale, 'common')) return;
  const { es } = await import('@/i18n/es');
  for (const [namespace, messages] of Object.entries(es)) i18n.addResourceBundle('es', namespace, messages);
}

/** Starts translations in the detected language; call once before the first render. */
export async function initI18n(locale: Locale = detectLocale()): Promise<void> {
  await i18n.use(initReactI18next).init({
    resources: { en },
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    defaultNS: 'common',
    ns: Object.keys(en),
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    returnNull: false,
  });
  await ensureLoaded(locale);
  await i18n.changeLanguage(locale);
  // The build-time prerender (src/web/entry-server.tsx) has no document: it writes `lang` into the page itself.
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** The build-time prerender: the language of the next page rendered (no document involved). */
export async function switchLocaleForPrerender(locale: Locale): Promise<void> {
  if (!i18n.isInitialized) await initI18n(locale);
  await ensureLoaded(locale);
  await i18n.changeLanguage(locale);
}

/** The visitor chose a language: switch now, remember it for a year, and let the page's `lang` follow. */
export async function setLocale(locale: Locale): Promise<void> {
  await ensureLoaded(locale);
  await i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
  document.documentElement.dataset.locale = locale;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}

/** The language now shown (what checkout stores on the customer, so e-mails follow it). */
export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}
