import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const compressible = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;
/** A copy that saves less than this share of the file is not worth a second request path. */
const MAX_RATIO = 0.9;

export interface CompressedFile {
  file: string;
  bytes: number;
  br?: number;
  gz?: number;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * The last step of the web build: moves the source maps out of the served folder (kept for debugging, never
 * served) and writes a brotli (.br) and a gzip (.gz) copy of every text file worth compressing, which
 * @fastify/static sends as they are to clients that accept them (ADR 015).
 */
export function finishWebBuild(webDir: string, mapsDir: string): { maps: string[]; compressed: CompressedFile[] } {
  rmSync(mapsDir, { recursive: true, force: true });
  const maps: string[] = [];
  const compressed: CompressedFile[] = [];
  for (const file of filesUnder(webDir)) {
    const relative = path.relative(webDir, file);
    if (file.endsWith('.map')) {
      mkdirSync(path.dirname(path.join(mapsDir, relative)), { recursive: true });
      renameSync(file, path.join(mapsDir, relative));
      maps.push(relative);
      continue;
    }
    if (!compressible.test(file)) continue;
    const content = readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    const entry: CompressedFile = { file: relative, bytes: content.length };
    const br = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    if (br.length <= content.length * MAX_RATIO) {
      writeFileSync(`${file}.br`, br);
      entry.br = br.length;
    }
    const gz = gzipSync(content, { level: constants.Z_BEST_COMPRESSION });
    if (gz.length <= content.length * MAX_RATIO) {
      writeFileSync(`${file}.gz`, gz);
      entry.gz = gz.length;
    }
    compressed.push(entry);
  }
  return { maps, compressed };
}
