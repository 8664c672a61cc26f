/**
 * The languages the customer side speaks: the contracts' schemas accept exactly these, and src/i18n (how one is
 * chosen, the catalogs) builds on them.
 */
export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
