import type { Resources } from './en';

/**
 * A translation must have exactly the English catalog's keys: `satisfies Catalog<typeof en>` on each Spanish
 * namespace makes a missing or extra key a type error (and `catalogs.test.ts` checks the same at run time,
 * with the `{{placeholders}}` of each message).
 */
export type Catalog<T> = { [K in keyof T]: T[K] extends string ? string : Catalog<T[K]> };

// `t('key')` is checked against the English catalog everywhere (browser and server).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}
