import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The scripts of each prerendered page's own chunk (ADR 027, addendum "a page's chunks in steps"): its lazy page
 * module and every chunk that imports statically, less those of the entry, which the page loader asks for anyway.
 * Worked out at build time from Vite's manifest (`build-page-renderer.ts` writes `dist/ssr/page-chunks.json`); the
 * page loader asks for them a few per task after the entry, so no one task of the browser starts them all.
 */
export type PageChunks = Readonly<Record<string, readonly string[]>>;

/** What this needs of an entry of Vite's `.vite/manifest.json`. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** Where the build writes them: beside the page renderer, `dist/ssr/page-chunks.json`. */
export const pageChunksFile = (ssrDir: string) => path.join(ssrDir, 'page-chunks.json');

/** Each `'/path': () => import('../pages/name')` of the routes module (src/web/app/routes.tsx): path → module. */
export function lazyPageModules(routesSource: string): Map<string, string> {
  const modules = new Map<string, string>();
  for (const match of routesSource.matchAll(/'(\/[^']*)':\s*\(\)\s*=>\s*import\('\.\.\/(pages\/[^']+)'\)/g)) {
    modules.set(match[1]!, `${match[2]!}.tsx`);
  }
  return modules;
}

/** A manifest entry's key and those of the chunks it imports statically, each once, the entry's first. */
function withStaticImports(manifest: Record<string, ManifestChunk>, key: string): string[] {
  const keys = new Set<string>();
  const visit = (next: string) => {
    const chunk = manifest[next];
    if (!chunk) throw new Error(`Vite's manifest has no ${next}`);
    if (keys.has(next)) return;
    keys.add(next);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return [...keys];
}

/**
 * The chunks of each of `paths` that the entry does not bring: a lazy page's module and its static imports; none for
 * a page of the entry's own (`/`). A path that is neither fails the build.
 */
export function pageChunksFrom(
  manifest: Record<string, ManifestChunk>,
  modules: ReadonlyMap<string, string>,
  paths: readonly string[],
): PageChunks {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error("Vite's manifest has no entry");
  const ofEntry = new Set(withStaticImports(manifest, entryKey));
  const chunks: Record<string, string[]> = {};
  for (const pagePath of paths) {
    const module = modules.get(pagePath);
    if (!module) {
      if (pagePath !== '/') throw new Error(`the prerendered page ${pagePath} has no lazy page module in the routes`);
      chunks[pagePath] = [];
      continue;
    }
    const own = withStaticImports(manifest, module).filter((key) => !ofEntry.has(key));
    chunks[pagePath] = own.map((key) => `/${manifest[key]!.file}`);
  }
  return chunks;
}

/** `dist/ssr/page-chunks.json` beside the page renderer, written by the build; none before a build. */
export function readPageChunks(ssrDir: string): PageChunks | undefined {
  const file = pageChunksFile(ssrDir);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PageChunks) : undefined;
}
