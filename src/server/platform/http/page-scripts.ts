import { createHash } from 'node:crypto';

/**
 * The one inline script of every page (ADR 027, addendum "scripts after the first paint"): it asks for the app's
 * module scripts (the entry and its module preloads, named in its `data-entry` and `data-preload` attributes) only
 * once the browser has painted the page it was sent, so the first paint never waits for, or competes with, them.
 * A page without server-rendered content (the SPA index), a hidden tab, or a browser without paint timing loads
 * them at once; a paint that never comes loads them after 3 s. A prerendered page's own chunks (`data-page-preload`,
 * page-chunks.ts) follow, four per task: each preload starts a request on the browser's main thread, and the
 * checkout's twenty in one task were its longest before hydration. Constant text, so the Content-Security-Policy
 * allows it by its hash (`PAGE_SCRIPT_LOADER_CSP`) and nothing else inline.
 */
export const PAGE_SCRIPT_LOADER =
  '(function(){var d=document,s=d.currentScript,done=0;' +
  'function names(a){return a?a.split(" "):[]}' +
  'function preload(h){var l=d.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=h;' +
  'd.head.appendChild(l)}' +
  'function load(){if(done)return;done=1;names(s.dataset.preload).forEach(preload);' +
  'var m=d.createElement("script");m.type="module";m.crossOrigin="";m.src=s.dataset.entry;d.head.appendChild(m);' +
  'var rest=names(s.dataset.pagePreload);(function next(){if(rest.length)setTimeout(function(){' +
  'rest.splice(0,4).forEach(preload);next()})})()}' +
  'var root=d.getElementById("root"),P=window.PerformanceObserver;' +
  'if(!root||!root.hasChildNodes()||d.visibilityState!=="visible"||!P||!P.supportedEntryTypes||' +
  'P.supportedEntryTypes.indexOf("paint")<0)return load();' +
  'new P(function(list){list.getEntries().forEach(function(e){if(e.name==="first-contentful-paint")load()})})' +
  '.observe({type:"paint",buffered:true});setTimeout(load,3000)})()';

/** The CSP source that lets exactly `PAGE_SCRIPT_LOADER` run. */
export const PAGE_SCRIPT_LOADER_CSP = `'sha256-${createHash('sha256').update(PAGE_SCRIPT_LOADER).digest('base64')}'`;

const moduleScript = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g;
const modulePreload = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * The built index with its module script and module preloads taken out of `<head>` and asked for by
 * `PAGE_SCRIPT_LOADER` at the end of `<body>` instead.
 */
export function deferModuleScripts(indexHtml: string): string {
  const entries = [...indexHtml.matchAll(moduleScript)].map((match) => match[1]!);
  if (entries.length !== 1) throw new Error(`the built index has ${entries.length} module scripts, expected 1`);
  const preloads = [...indexHtml.matchAll(modulePreload)].map((match) => match[1]!);
  const loader =
    `<script data-entry="${entries[0]}"${preloads.length ? ` data-preload="${preloads.join(' ')}"` : ''}>` +
    `${PAGE_SCRIPT_LOADER}</script>`;
  const withoutScripts = indexHtml.replace(moduleScript, '').replace(modulePreload, '');
  if (!withoutScripts.includes('</body>')) throw new Error('the built index has no </body>');
  return withoutScripts.replace('</body>', () => `${loader}</body>`);
}
