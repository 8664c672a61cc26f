import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lazyPageModules, pageChunksFrom } from './page-chunks';
import { fillTemplate } from './prerender-template';

// Vite's manifest, as it writes it for an entry and two lazy pages sharing chunks with it and with each other.
const manifest = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_start-b.js', '_shared-c.js'] },
  '_start-b.js': { file: 'assets/start-b.js' },
  '_shared-c.js': { file: 'assets/shared-c.js', imports: ['_start-b.js'] },
  'pages/checkout.tsx': { file: 'assets/checkout-d.js', imports: ['_start-b.js', '_form-e.js', '_shared-c.js'] },
  '_form-e.js': { file: 'assets/form-e.js', imports: ['_field-f.js', '_start-b.js'] },
  '_field-f.js': { file: 'assets/field-f.js' },
  'pages/catalog.tsx': { file: 'assets/catalog-g.js', imports: ['_field-f.js'] },
};
const routes = `const pageLoaders = {
  '/catalog': () => import('../pages/catalog').then((page) => page.CatalogPage),
  '/checkout': () => import('../pages/checkout').then((page) => page.default),
} satisfies Record<string, () => Promise<ComponentType>>;`;

describe('a prerendered page’s own chunks (ADR 027, a page’s chunks in steps)', () => {
  it('are its lazy module and the chunks it imports, each once, less the entry’s', () => {
    const modules = lazyPageModules(routes);
    expect(Object.fromEntries(modules)).toEqual({ '/catalog': 'pages/catalog.tsx', '/checkout': 'pages/checkout.tsx' });
    expect(pageChunksFrom(manifest, modules, ['/', '/catalog', '/checkout'])).toEqual({
      '/': [],
      '/catalog': ['/assets/catalog-g.js', '/assets/field-f.js'],
      '/checkout': ['/assets/checkout-d.js', '/assets/form-e.js', '/assets/field-f.js'],
    });
  });

  it('fail the build for a page the routes do not load, or a module the manifest does not have', () => {
    expect(() => pageChunksFrom(manifest, lazyPageModules(routes), ['/terms'])).toThrow(
      'the prerendered page /terms has no lazy page module in the routes',
    );
    expect(() => pageChunksFrom(manifest, new Map([['/terms', 'pages/terms.tsx']]), ['/terms'])).toThrow(
      "Vite's manifest has no pages/terms.tsx",
    );
  });

  it('are read from the app’s own routes for every page but the home page', () => {
    const source = readFileSync(path.resolve(import.meta.dirname, '../../../web/app/routes.tsx'), 'utf8');
    const modules = lazyPageModules(source);
    for (const page of ['/catalog', '/terms', '/monthly', '/weekly', '/contact', '/checkout']) {
      expect(modules.get(page), page).toBe(`pages${page}.tsx`);
    }
  });

  it('are named to the page loader of the page’s HTML, and only there', () => {
    const template =
      '<html lang="en"><head><title>CoolRent</title></head><body><div id="root"></div>' +
      '<script data-entry="/assets/index-a.js">loader</script></body></html>';
    const page = { html: '<h1>Rent</h1>', title: 'Checkout', state: {}, locale: 'en', stateId: 'prerender-state' };
    const chunks = ['/assets/checkout-d.js', '/assets/form-e.js'];
    expect(fillTemplate(template, { ...page, chunks })).toContain(
      '<script data-page-preload="/assets/checkout-d.js /assets/form-e.js" data-entry="/assets/index-a.js">loader',
    );
    expect(fillTemplate(template, { ...page, chunks: [] })).not.toContain('data-page-preload');
    expect(() => fillTemplate(template.replace('data-entry', 'data-other'), { ...page, chunks })).toThrow(
      'the built index has no page loader',
    );
  });
});
