import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HydratedProvider, useHydrated } from './use-hydrated';

function Probe() {
  return createElement('output', null, String(useHydrated()));
}

// The flip to true after hydration is the browser's: tests/e2e/prerender.spec.ts and the checkout specs press the
// buttons it enables.
describe('useHydrated', () => {
  it('is false in server markup, so what needs the app stays disabled in the page as sent', () => {
    expect(
      renderToString(createElement(HydratedProvider, { serverMarkup: true, children: createElement(Probe) })),
    ).toBe('<output>false</output>');
  });

  it('is true from the first render of a page the browser mounts itself, and outside any provider', () => {
    expect(renderToString(createElement(HydratedProvider, { children: createElement(Probe) }))).toBe(
      '<output>true</output>',
    );
    expect(renderToString(createElement(Probe))).toBe('<output>true</output>');
  });
});
