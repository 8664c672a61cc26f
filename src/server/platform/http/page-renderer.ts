import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Locale } from '@/contracts/locale';
import { readPageChunks, type PageChunks } from './page-chunks';

/** What src/web/entry-server.tsx exports (built into dist/ssr/entry-server.js by scripts/build-page-renderer.ts). */
export interface PageRenderer {
  LOCALES: readonly Locale[];
  prerenderedPaths: readonly string[];
  PRERENDER_STATE_ID: string;
  /** Each page's own chunks, for the page loader to ask for (page-chunks.ts); none, none asked for. */
  pageChunks?: PageChunks | undefined;
  renderPage(
    path: string,
    locale: Locale,
    fetcher: (url: string, init: RequestInit) => Promise<Response>,
  ): Promise<{ html: string; title: string | undefined; state: unknown }>;
}

/** The built renderer beside the built web app (dist/web → dist/ssr/entry-server.js), when there is one. */
export async function loadPageRenderer(webRoot: string): Promise<PageRenderer | undefined> {
  const ssrDir = path.join(webRoot, '..', 'ssr');
  const file = path.join(ssrDir, 'entry-server.js');
  if (!existsSync(file)) return undefined;
  const renderer = (await import(pathToFileURL(file).href)) as PageRenderer;
  return { ...renderer, pageChunks: readPageChunks(ssrDir) };
}
