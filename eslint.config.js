import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const foldersIn = (dir) =>
  readdirSync(path.join(import.meta.dirname, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** Web features may not import each other (pages and the app shell compose them); what two share moves down. */
const webFeatureZones = foldersIn('./src/web/features').map((feature) => ({
  target: `./src/web/features/${feature}`,
  from: './src/web/features',
  except: [`./${feature}`],
  message: 'A web feature may not import another feature: move what both need to src/web/lib or components.',
}));

/** Inside the admin dashboard, each tab is a feature too; admin/ui and the files at admin/ are shared. */
const adminTabZones = foldersIn('./src/web/features/admin')
  .filter((tab) => tab !== 'ui')
  .map((tab) => ({
    target: `./src/web/features/admin/${tab}`,
    from: foldersIn('./src/web/features/admin')
      .filter((other) => other !== tab && other !== 'ui')
      .map((other) => `./src/web/features/admin/${other}`),
    message: 'An admin tab may not import another tab: move what both need to features/admin/ui or admin/.',
  }));

/** The import boundaries of docs/decisions/011-structure-units-payments-clock.md. */
const boundaries = [
  {
    target: './src/contracts',
    from: ['./src/server', './src/web'],
    message: 'contracts are shared by server and web: they import neither.',
  },
  { target: './src/server', from: './src/web', message: 'The server never imports web code (React included).' },
  { target: './src/web', from: './src/server', message: 'Web code never imports server code.' },
  {
    target: './src/server/rentals/checkout',
    from: './src/server/rentals/payments',
    message: 'checkout and payments do not import each other: both use billing/provider and rentals/units.',
  },
  {
    target: './src/server/rentals/payments',
    from: './src/server/rentals/checkout',
    message: 'checkout and payments do not import each other: both use billing/provider and rentals/units.',
  },
  {
    target: ['./src/web/components', './src/web/lib'],
    from: ['./src/web/features', './src/web/pages', './src/web/app'],
    message: 'Shared web code sits below the features and pages that use it.',
  },
  {
    target: './src/web/features',
    from: ['./src/web/pages', './src/web/app'],
    message: 'Features sit below the pages and app shell that compose them.',
  },
  ...webFeatureZones,
  ...adminTabZones,
];

/**
 * The server's wings, lowest first (ARCHITECTURE.md, docs/decisions/011-structure-units-payments-clock.md). A wing
 * imports only the wings below it; the demo data sits on the wings; the HTTP faces (public, portal, admin) sit on all
 * of that and never import each other; the entry files (main, app, deps, scheduled-work, ...) compose the whole.
 * Tests may reach anywhere.
 */
const wingOrder = ['platform', 'billing', 'rentals', 'customers', 'operations'];
const faces = ['public', 'portal', 'admin'];
const serverEntries = [
  'app.ts',
  'main.ts',
  'deps.ts',
  'scheduled-work.ts',
  'startup-summary.ts',
  'prepare-database.ts',
].map((file) => `./src/server/${file}`);
const wingZones = [
  ...wingOrder.map((wing, level) => ({
    target: `./src/server/${wing}`,
    from: [...wingOrder.slice(level + 1), ...faces, 'demo']
      .map((above) => `./src/server/${above}`)
      .concat(serverEntries),
    message: `${wing}/ may import only the wings below it (${wingOrder.slice(0, level).join(', ') || 'none'}).`,
  })),
  ...faces.map((face) => ({
    target: `./src/server/${face}`,
    from: faces
      .filter((other) => other !== face)
      .map((other) => `./src/server/${other}`)
      .concat(serverEntries),
    message: 'A face (public, portal, admin) is routes over the wings: it imports no other face and no entry file.',
  })),
  {
    target: './src/server/demo',
    from: faces.map((face) => `./src/server/${face}`).concat(serverEntries),
    message: 'The demo data builds on the wings, not on the HTTP faces.',
  },
  // Internals: the embedded gateway's engine is reached through the provider port's adapters only.
  {
    target: [...wingOrder, ...faces, 'demo']
      .filter((folder) => folder !== 'billing')
      .map((folder) => `./src/server/${folder}`)
      .concat('./src/server/billing/*.ts', serverEntries),
    from: './src/server/billing/provider/local',
    message: "billing/provider/local is the local gateway's internals: go through billing/provider (the port).",
  },
];

const serverTests = ['src/server/**/*.test.ts'];

const unitWriters = ['src/server/rentals/units/**', 'src/server/platform/db/factories.ts'];
const unitWrites = {
  selector: "CallExpression[callee.property.name=/^(update|insert|delete)$/][arguments.0.name='units']",
  message: 'Units change only through src/server/rentals/units (holds, rentals, stock).',
};

/**
 * `new Date()` and `Date.now()` read the machine's time. Business rules take `now` from the one clock
 * (platform/clock.ts, passed in as `now`), so tests and the demo's billing clock can move time; waits and timers
 * use performance.now(). The files below want the machine's time on purpose.
 */
const wallClockReads = [
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: clockMessage() },
  { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: clockMessage() },
];
function clockMessage() {
  return 'Time comes from the one clock: take `now` (app.deps.clock.now()) as a parameter, or performance.now() for a timer.';
}
const wallClockUsers = [
  'src/server/platform/clock.ts', // the clocks themselves
  'src/server/platform/db/factories.ts', // test and demo rows, made "now"
  'src/server/platform/db/schema.ts', // updated_at bookkeeping on every write
  'src/server/platform/db/backup/**', // backup file names and ages
  'src/server/platform/mail/mailer.ts', // .eml file names in the offline outbox
  'src/server/billing/provider/webhook-signature.ts', // Stripe's signature timestamps are real time
  'src/server/demo/**', // the demo is seeded around the day it first starts
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'drizzle', 'test-results', 'playwright-report', 'data', 'tests/lint-fixtures'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without the TypeScript parser for imported files, no-cycle cannot read them and silently finds nothing.
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'import-x/no-cycle': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../../*', '../contracts/*', '../server/*', '../web/*'],
              message:
                "Imports that climb two folders or cross a source root use the alias: '@/contracts/…', '@/server/…', '@/web/…'.",
            },
          ],
        },
      ],
    },
  },
  {
    // Small files (ADR 011): a file that grows past a screenful or two splits by what it does. The schema is one
    // table list that drizzle-kit reads whole.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/platform/db/schema.ts'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    // The wings' layering holds for the code that ships; tests (and their fixtures) exercise the whole app.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts', 'src/server/**/test-fixtures.ts', 'src/server/**/test-support.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...boundaries, ...wingZones] }] },
  },
  {
    // Unit state (status, rentals, holds) has one writer: src/server/rentals/units (factories build test and demo rows).
    files: ['src/**/*.ts'],
    ignores: unitWriters,
    rules: { 'no-restricted-syntax': ['error', unitWrites] },
  },
  {
    // Business time comes from the one clock; the few files that want the machine's time are named in wallClockUsers.
    files: ['src/server/**/*.ts'],
    ignores: [...serverTests, ...wallClockUsers, ...unitWriters],
    rules: { 'no-restricted-syntax': ['error', unitWrites, ...wallClockReads] },
  },
  {
    files: ['src/server/rentals/units/**/*.ts'],
    ignores: serverTests,
    rules: { 'no-restricted-syntax': ['error', ...wallClockReads] },
  },
  {
    // A Vitest worker keeps its modules from one test file to the next (ADR 007 addendum, isolate: false): a mock or
    // a stub would reach the files after it, or miss a module already loaded.
    files: ['src/**/*.test.{ts,tsx}', 'tests/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'stubGlobal', 'stubEnv'].map((property) => ({
          object: 'vi',
          property,
          message: 'Test files share their worker’s modules (ADR 007 addendum): no module mocks or stubbed globals.',
        })),
      ],
    },
  },
);
