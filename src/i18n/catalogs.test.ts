import { describe, expect, it } from 'vitest';
import { en } from './en';
import { es } from './es';
import { LOCALES } from '@/contracts/locale';
import { matchLocale, parseAcceptLanguage, pickLocale } from './locale';
import { translator } from './translator';

type Tree = { [key: string]: string | Tree };

/** Every message of a catalog as `path → text`. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translation catalogs', () => {
  const english = flatten(en as unknown as Tree);
  const spanish = flatten(es as unknown as Tree);

  it('has every English key in Spanish and no Spanish key English lacks', () => {
    expect([...spanish.keys()].filter((key) => !english.has(key))).toEqual([]);
    expect([...english.keys()].filter((key) => !spanish.has(key))).toEqual([]);
  });

  it('has no empty message in either language', () => {
    for (const catalog of [english, spanish]) {
      expect([...catalog].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
    }
  });

  it('uses the same {{placeholders}} in both languages', () => {
    const mismatched = [...english]
      .filter(([key, text]) => placeholders(text).join() !== placeholders(spanish.get(key) ?? '').join())
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });

  it('translates on the server, with English as the fallback', () => {
    expect(translator('es', 'common')('nav.rentNow')).toBe('Rentar ahora');
    expect(translator('en', 'common')('footer.copyright', { year: 2026, name: 'CoolRent OC' })).toBe(
      '© 2026 CoolRent OC. Support available 24/7.',
    );
  });
});

describe('choosing a language', () => {
  it('reads Accept-Language by weight and order', () => {
    expect(parseAcceptLanguage('en-US,en;q=0.9,es;q=0.95')).toEqual(['en-US', 'es', 'en']);
    expect(parseAcceptLanguage('es;q=0, en')).toEqual(['en']);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
  });

  it('prefers the remembered choice, then the browser, then English', () => {
    expect(pickLocale({ cookie: 'es', preferences: ['en-US'] })).toBe('es');
    expect(pickLocale({ cookie: 'fr', preferences: ['fr-FR', 'es-MX'] })).toBe('es');
    expect(pickLocale({ preferences: ['de'] })).toBe('en');
    expect(matchLocale(['ES_us'])).toBe('es');
    expect(LOCALES).toEqual(['en', 'es']);
  });
});
