import { readFileSync } from 'node:fs';
import path from 'node:path';

const stylesheetLink = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g;

/**
 * The built index with each of its stylesheets written into a `<style>` element instead of a `<link>`: the first
 * paint waits for no second request (the whole stylesheet is small; ADR 027). Client-side navigation to any other
 * page finds the same styles already in the document.
 */
export function inlineStylesheets(indexHtml: string, webRoot: string): string {
  return indexHtml.replace(stylesheetLink, (_link, file: string) => {
    const css = readFileSync(path.join(webRoot, file), 'utf8');
    if (/<\/style/i.test(css)) throw new Error(`${file}: contains "</style", cannot be inlined`);
    return `<style>${css}</style>`;
  });
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON that cannot end the `<script>` it sits in. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * One prerendered page from the built index: the language on `<html>` (`lang`, and `data-locale`, which the
 * browser's i18n takes as the language the server chose), the page's own title, the rendered markup in the root
 * element and the data it was rendered from beside it, and its own chunks for the page loader (`data-page-preload`,
 * page-scripts.ts).
 */
export function fillTemplate(
  template: string,
  page: {
    html: string;
    title: string | undefined;
    state: unknown;
    locale: string;
    stateId: string;
    chunks?: readonly string[] | undefined;
  },
): string {
  const replaceOnce = (text: string, pattern: RegExp, replacement: string, what: string) => {
    if (!pattern.test(text)) throw new Error(`the built index has no ${what}`);
    return text.replace(pattern, () => replacement);
  };
  let html = replaceOnce(
    template,
    /<html[^>]*>/,
    `<html lang="${page.locale}" data-locale="${page.locale}">`,
    '<html>',
  );
  if (page.title)
    html = replaceOnce(html, /<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(page.title)}</title>`, '<title>');
  if (page.chunks?.length)
    html = replaceOnce(
      html,
      /<script data-entry="/,
      `<script data-page-preload="${escapeHtml(page.chunks.join(' '))}" data-entry="`,
      'page loader',
    );
  return replaceOnce(
    html,
    /<div id="root"><\/div>/,
    `<div id="root">${page.html}</div>` +
      `<script id="${page.stateId}" type="application/json">${scriptSafeJson(page.state)}</script>`,
    'empty <div id="root">',
  );
}
