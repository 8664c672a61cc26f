import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { appAliases } from './vite.config';

const include = ['src/**/*.test.ts', 'tests/api/**/*.test.ts'];
// Checks of the code itself (lint rules) and of the deploy kit need no database: they run once, with the PGlite pass.
const codeChecks = ['tests/architecture/**/*.test.ts', 'tests/deploy/**/*.test.ts'];

// Every test file gets a fresh database: a copy of a migrated PGlite template, and, when TEST_DATABASE_URL is
// set, the same suite again on fresh PostgreSQL databases cloned from a migrated template database.
export default defineConfig({
  resolve: {
    alias: [{ find: '@tests', replacement: path.resolve(import.meta.dirname, 'tests') }, ...appAliases],
  },
  test: {
    pool: 'forks',
    // One file at a time on each core (Vitest's default leaves one core to itself, and on 2 cores that is one worker),
    // each worker keeping its modules from file to file (isolate: false; every file still gets its own app and
    // database): the suite in about 40% of the time on 2 cores (docs/development.md, "The suite's speed").
    maxWorkers: os.availableParallelism(),
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true as const,
        test: {
          name: 'pglite',
          include: [...include, ...codeChecks],
          globalSetup: ['tests/support/global-setup.ts'],
          env: { TEST_DB: 'pglite' },
        },
      },
      {
        // The billing tests again, each rental taken by phone and paid through its link (tests/support/
        // billing-fixtures.ts paidRental): a monthly phone order is billed exactly as a checkout's (issue 29).
        extends: true as const,
        test: {
          name: 'billing on phone orders',
          include: [
            'billing-clock',
            'dunning',
            'fee-invoices',
            'first-bill-date',
            'late-decision',
            'refunds-and-credits',
          ].map((name) => `src/server/billing/${name}.test.ts`),
          globalSetup: ['tests/support/global-setup.ts'],
          env: { TEST_DB: 'pglite', TEST_ORDERS_VIA: 'phone' },
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                include,
                globalSetup: ['tests/support/global-setup.ts'],
                env: { TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
