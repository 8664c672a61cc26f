import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { en, type Namespace } from '@/i18n/en';
import { LOCALES } from '@/contracts/locale';
import { translator } from '@/i18n/translator';
import { recordMessagesRead, switchLocaleForPrerender, translate } from './index';
import { Trans } from './react-i18next';

type Tree = { [key: string]: string | Tree };
const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );

describe("the browser's translations", () => {
  it('give what i18next gives (the server) for every message of both languages, placeholders filled', async () => {
    for (const locale of LOCALES) {
      await switchLocaleForPrerender(locale);
      for (const ns of Object.keys(en) as Namespace[]) {
        const t = translator(locale, ns) as unknown as (key: string, values: object) => string;
        for (const key of keysOf(en[ns])) {
          const values = { name: 'N', count: 3, zip: '90001', year: 2026, monthly: '$39', amount: '$5.00' };
          expect(translate([ns], key, values), `${locale} ${ns}:${key}`).toBe(t(key, values));
        }
      }
    }
  });

  it('read `ns:key` from the named namespace and keep a placeholder that has no value', async () => {
    await switchLocaleForPrerender('es');
    expect(translate(['common'], 'home:hero.title')).toBe(translator('es', 'home')('hero.title'));
    expect(translate(['common'], 'footer.copyright', { year: 2026 })).toMatch(/^© 2026 \{\{name\}\}/);
  });

  it('note the namespaces a render read, with their messages in its language', async () => {
    await switchLocaleForPrerender('en');
    const [result, messages] = await recordMessagesRead(async () => translate(['catalog'], 'common:nav.faq'));
    expect(result).toBe('FAQ');
    expect(messages).toEqual({ common: en.common });
  });

  it('render a message with tags as the components given for them', async () => {
    await switchLocaleForPrerender('en');
    const t = (key: string) => (key === 'k' ? 'Call <anchor>us</anchor> today, or <b>not</b>.' : key);
    const html = renderToStaticMarkup(
      createElement(Trans, {
        t,
        i18nKey: 'k',
        components: { anchor: createElement('a', { href: '/contact' }) },
      } as never),
    );
    expect(html).toBe('Call <a href="/contact">us</a> today, or not.');
  });
});
