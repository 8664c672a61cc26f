import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errors } from '@/i18n/en/errors';

/**
 * The API and the shared zod schemas (src/contracts/) speak English, verbatim from the spec (ADR 025). The browser
 * shows a Spanish reader the translation of a message it knows, found by its exact English text in the `errors`
 * namespace's `server.*` keys, and the English text itself otherwise (never nothing).
 *
 * Messages with parts that vary (a ZIP code, a number of days) are known too: their catalog text has
 * `{{placeholders}}`, and each placeholder matches any text, handed to the Spanish message as is.
 */
export type ServerMessageKey = keyof typeof errors.server;

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Finds which of `templates` (key → English catalog text, `{{name}}` matching any text) an English text is, with
 * the values of its placeholders. Exact texts are looked up first, then the templates with placeholders in order.
 */
export function messageMatcher<K extends string>(
  templates: Record<K, string>,
): (englishText: string) => { key: K; values: Record<string, string> } | undefined {
  const exact = new Map<string, K>();
  const patterns: { key: K; regex: RegExp; names: string[] }[] = [];
  for (const [key, english] of Object.entries(templates) as [K, string][]) {
    const names = [...english.matchAll(PLACEHOLDER)].map((match) => match[1]!);
    if (names.length === 0) {
      exact.set(english, key);
      continue;
    }
    const source = english
      .split(PLACEHOLDER)
      .map((part, index) => (index % 2 === 1 ? '(.+?)' : escapeRegex(part)))
      .join('');
    patterns.push({ key, regex: new RegExp(`^${source}$`), names });
  }
  return (englishText) => {
    const text = englishText.trim();
    const key = exact.get(text);
    if (key) return { key, values: {} };
    for (const pattern of patterns) {
      const match = pattern.regex.exec(text);
      if (match) {
        return { key: pattern.key, values: Object.fromEntries(pattern.names.map((name, i) => [name, match[i + 1]!])) };
      }
    }
    return undefined;
  };
}

/** The `errors:server.*` key of a known English message and the values of its placeholders, or undefined. */
export const findServerMessage = messageMatcher<ServerMessageKey>(errors.server);

/**
 * `englishMessage` in the language of `t` (from `useTranslation('errors')`, or `translator(locale, 'errors')`):
 * the translation when the message is known, else the English text unchanged. `undefined` stays `undefined`, so
 * a form's `errors.field?.message` can be passed straight in.
 */
export function translateServerMessage(t: TFunction<'errors'>, englishMessage: string): string;
export function translateServerMessage(t: TFunction<'errors'>, englishMessage: string | undefined): string | undefined;
export function translateServerMessage(t: TFunction<'errors'>, englishMessage: string | undefined): string | undefined {
  if (englishMessage === undefined) return undefined;
  const found = findServerMessage(englishMessage);
  if (!found) return englishMessage;
  // Values are the server's own text: no HTML escaping (React escapes on render).
  return t(`server.${found.key}`, { ...found.values, interpolation: { escapeValue: false } });
}

/** Every per-field message of a 400's `fieldErrors`, translated. */
export function translateFieldErrors(
  t: TFunction<'errors'>,
  fieldErrors: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fieldErrors).map(([field, message]) => [field, translateServerMessage(t, message)]),
  );
}

type ServerMessageTranslator = {
  (englishMessage: string): string;
  (englishMessage: string | undefined): string | undefined;
};

/**
 * The same for components: `const serverMessage = useServerMessage(); … serverMessage(error.message)`. It follows
 * the language switcher (a new function, and a re-render, when the language changes).
 */
export function useServerMessage(): ServerMessageTranslator {
  const { t } = useTranslation('errors');
  return useMemo(() => {
    const translate = (englishMessage: string | undefined) => translateServerMessage(t, englishMessage);
    return translate as ServerMessageTranslator;
  }, [t]);
}
