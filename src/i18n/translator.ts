import { createInstance, type TFunction } from 'i18next';
import { en, type Namespace } from './en';
import { es } from './es';
import type { Locale } from '@/contracts/locale';

/**
 * Translations for code that runs outside React: the server's e-mails and agreement PDF, and tests. Both
 * languages are loaded up front, so `translator('es', 'emails')` is synchronous. Missing keys fall back to English.
 */
const instance = createInstance();
void instance.init({
  resources: { en, es },
  lng: 'en',
  fallbackLng: 'en',
  defaultNS: 'common',
  ns: Object.keys(en),
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function translator<N extends Namespace>(locale: Locale, namespace: N): TFunction<N> {
  return instance.getFixedT(locale, namespace);
}
