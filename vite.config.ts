import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = Number(process.env.API_PORT ?? 5001);

/** How the app's imports resolve: in the build, and in the tests (vitest.config.ts), so both run the same modules. */
export const appAliases = [
  { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
  // The app's translations are our own (src/web/i18n, ADR 025): the two names it imports from react-i18next,
  // without i18next. TypeScript still reads the package's types, so keys stay checked.
  { find: /^react-i18next$/, replacement: path.resolve(import.meta.dirname, 'src/web/i18n/react-i18next.tsx') },
];

export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss()],
  resolve: { alias: appAliases },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    // Maps without the sourceMappingURL comment; scripts/finish-web-build.ts moves them out of the served folder.
    sourcemap: 'hidden',
    manifest: true,
    target: 'es2022',
    // Every browser the site supports preloads modules itself (Safari 17+, Chrome, Firefox 115+); one older just
    // loads them as imported. The polyfill would be in every page's first script (issue 14's JS budget for /).
    modulePreload: { polyfill: false },
    // The libraries every page starts with in one chunk with the entry's own (fewer, better-compressed files: ~0.6 kB
    // brotli less for /) rather than split where the lazy pages share them. TanStack Query's hooks that only the
    // checkout (useQueries) and the dashboard (useIsMutating) call stay with them: ~3 kB brotli less for /.
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'start',
              test: /node_modules[\\/](?!.*[\\/](useQueries|queriesObserver|useMutationState)\.js$)(react|react-dom|scheduler|@tanstack|wouter|regexparam|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 5000),
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/healthz': `http://127.0.0.1:${apiPort}`,
    },
  },
});
