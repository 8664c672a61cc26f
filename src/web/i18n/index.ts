import type { Namespace, Resources } from '@/i18n/en';
import { DEFAULT_LOCALE, type Locale } from '@/contracts/locale';
import { isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS, pickLocale } from '@/i18n/locale';

/**
 * The browser's translations (ADR 025, addendum): a few lines of our own in place of i18next, which the public
 * pages used for little (a lookup and `{{placeholders}}`) at 18 kB brotli. A prerendered page carries the
 * messages of the namespaces it rendered with (in its state script, src/web/entry-server.tsx), so it hydrates
 * without loading any catalog; any other start, a client-side navigation, or a change of language loads the whole
 * catalog of the language, once, as its own chunk. `useTranslation` and `Trans` (./react-i18next.tsx) read it.
 *
 * The language is the one the server rendered the page in (`data-locale` on `<html>`), else the remembered choice
 * (cookie `lang`), else the browser's languages.
 */
export type Messages = { [key: string]: string | Messages };
export type NamespaceMessages = Partial<Record<Namespace, Messages>>;

const catalogs: Record<Locale, NamespaceMessages> = { en: {}, es: {} };
const complete = new Map<Locale, Promise<void>>();
const loaded = new Set<Locale>();
let language: Locale = DEFAULT_LOCALE;

// React components re-render when the language changes or a catalog arrives (useSyncExternalStore).
let version = 0;
const listeners = new Set<() => void>();
export const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const translationsVersion = () => version;
const changed = () => {
  version += 1;
  for (const listener of listeners) listener();
};

/** Loads every namespace of a language (one chunk per language), once. */
export function loadCatalogs(locale: Locale): Promise<void> {
  let loading = complete.get(locale);
  if (!loading) {
    const chunk = locale === 'es' ? import('@/i18n/es').then((m) => m.es) : import('@/i18n/en').then((m) => m.en);
    loading = chunk.then((all: Resources) => {
      catalogs[locale] = { ...all, ...catalogs[locale] };
      loaded.add(locale);
      changed();
    });
    complete.set(locale, loading);
  }
  return loading;
}

/** Whether every namespace of a language is here. */
export const hasCatalogs = (locale: Locale) => loaded.has(locale);

/** A prerendered page's own messages (what it was rendered with), before it hydrates. */
export function addMessages(locale: Locale, messages: NamespaceMessages): void {
  catalogs[locale] = { ...catalogs[locale], ...messages };
}

// The prerender notes the namespaces a page reads, to send their messages with the page: those its components ask
// for (a component may show a message of its namespace only later, once live data arrives) and any `ns:key` read.
let namespacesRead: Set<Namespace> | undefined;
export const noteNamespacesRead = (namespaces: readonly Namespace[]) => {
  for (const ns of namespaces) namespacesRead?.add(ns);
};

/** What `render` returns, and the messages of the namespaces it read (the prerender). */
export async function recordMessagesRead<T>(render: () => Promise<T>): Promise<[T, NamespaceMessages]> {
  const read = new Set<Namespace>();
  namespacesRead = read;
  try {
    const result = await render();
    return [result, Object.fromEntries([...read].map((ns) => [ns, catalogs[language][ns]]))];
  } finally {
    namespacesRead = undefined;
  }
}

function find(messages: Messages | undefined, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** `{{name}}` replaced by its value; a placeholder without a value stays as written (as i18next does). */
const interpolate = (message: string, values?: Record<string, unknown>) =>
  values
    ? message.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) =>
        values[name] === undefined || values[name] === null ? placeholder : String(values[name]),
      )
    : message;

/**
 * The message for `key` (`ns:key` names another namespace) in the first of `namespaces` that has it, in the current
 * language. A namespace not loaded yet (a part of the page that was not in its prerender) loads the language's
 * catalog and shows the key until it arrives.
 */
export function translate(namespaces: readonly Namespace[], key: string, values?: Record<string, unknown>): string {
  const colon = key.indexOf(':');
  const searched = colon > 0 ? [key.slice(0, colon) as Namespace] : namespaces;
  const path = colon > 0 ? key.slice(colon + 1) : key;
  for (const ns of searched) {
    const message = find(catalogs[language][ns], path);
    if (message !== undefined) {
      namespacesRead?.add(ns);
      return interpolate(message, values);
    }
  }
  void loadCatalogs(language);
  return path;
}

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

/**
 * Starts translations in the detected language; call once before the first render. A prerendered page passes the
 * messages it was rendered with; otherwise the language's catalog is loaded first.
 */
export async function initI18n(messages?: NamespaceMessages): Promise<void> {
  language = detectLocale();
  if (messages) addMessages(language, messages);
  else await loadCatalogs(language);
  // The server's page already says it (ADR 027): setting it anyway makes the browser restyle the whole page.
  if (document.documentElement.lang !== language) document.documentElement.lang = language;
}

/** The build-time prerender: the language of the next page rendered (no document involved). */
export async function switchLocaleForPrerender(locale: Locale): Promise<void> {
  await loadCatalogs(locale);
  language = locale;
  changed();
}

/** The visitor chose a language: switch now, remember it for a year, and let the page's `lang` follow. */
export async function setLocale(locale: Locale): Promise<void> {
  await loadCatalogs(locale);
  language = locale;
  changed();
  document.documentElement.lang = locale;
  document.documentElement.dataset.locale = locale;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}

/** Whether this browser chose a language (the switcher's remembered choice), rather than being given one. */
export function hasChosenLocale(): boolean {
  return isLocale(readCookie(LOCALE_COOKIE));
}

/** The language now shown (what checkout stores on the customer, so e-mails follow it). */
export function currentLocale(): Locale {
  return language;
}
