// After `vite build` (npm run build): source maps out of dist/web into dist/sourcemaps, brotli and gzip copies of
// the assets (src/server/platform/http/web-build.ts).
import path from 'node:path';
import { finishWebBuild } from '@/server/platform/http/web-build';

const root = path.resolve(import.meta.dirname, '..');
const { maps, compressed } = finishWebBuild(path.join(root, 'dist/web'), path.join(root, 'dist/sourcemaps'));
const kb = (bytes: number | undefined) => (bytes === undefined ? '-' : `${(bytes / 1024).toFixed(1)} kB`);
console.log(
  `web build: ${maps.length} source maps moved to dist/sourcemaps; ${compressed.length} files pre-compressed`,
);
for (const file of [...compressed].sort((a, b) => b.bytes - a.bytes).slice(0, 3)) {
  console.log(`  ${file.file}: ${kb(file.bytes)} → br ${kb(file.br)}, gzip ${kb(file.gz)}`);
}
