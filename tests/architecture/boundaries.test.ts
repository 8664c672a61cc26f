import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries are lint rules (eslint.config.js, docs/decisions/011-structure-units-payments-clock.md).
 * Each case lints a file as it would read after a forbidden change and expects the rule to reject it; the same
 * files as they are lint clean, so a rule that rejects everything would fail here too.
 */
const root = path.resolve(import.meta.dirname, '../..');
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

const current = (filePath: string) => readFileSync(path.join(root, filePath), 'utf8');

/** The file as it is, with one more import (and a use of it, so nothing is merely unused). */
const withImport = (filePath: string, importLine: string, name: string) =>
  `${importLine}\n${current(filePath)}\nexport const __boundaryProbe = ${name};\n`;

describe('import boundaries', () => {
  it('lets the files as they are through', async () => {
    for (const file of [
      'src/server/rentals/units/holds.ts',
      'src/server/rentals/checkout/service.ts',
      'src/server/rentals/payments/fulfilment.ts',
      'src/server/billing/events.ts',
      'src/server/public/checkout-routes.ts',
      'src/server/portal/routes.ts',
      'src/server/admin/order-desk/routes.ts',
      'src/server/platform/timer.ts',
      'src/contracts/money.ts',
    ]) {
      expect({ file, rules: await ruleIds(file, current(file)) }).toEqual({ file, rules: [] });
    }
  });

  it.each([
    ['the server imports web code', 'src/server/rentals/catalog/cache.ts', "import { ApiError } from '@/web/lib/api';"],
    ['contracts import the server', 'src/contracts/money.ts', "import { systemClock } from '@/server/platform/clock';"],
    ['contracts import the web', 'src/contracts/money.ts', "import { ApiError } from '@/web/lib/api';"],
    ['the web imports the server', 'src/web/lib/api.ts', "import { systemClock } from '@/server/platform/clock';"],
    [
      'checkout imports payments',
      'src/server/rentals/checkout/service.ts',
      "import { activatePaidCheckout } from '@/server/rentals/payments/fulfilment';",
    ],
    [
      'payments import checkout',
      'src/server/rentals/payments/fulfilment.ts',
      "import { startCheckout } from '@/server/rentals/checkout/service';",
    ],
    // The wings' layering: a wing imports only those below it (platform, billing, rentals, customers, operations).
    [
      'billing reaches up into rentals',
      'src/server/billing/events.ts',
      "import { endOrderOfEndedSubscription } from '@/server/rentals/orders/provider-ended';",
    ],
    [
      'platform reaches up into billing',
      'src/server/platform/timer.ts',
      "import { applyBillingEvent } from '@/server/billing/events';",
    ],
    [
      'rentals reach up into customers',
      'src/server/rentals/checkout/success.ts',
      "import { ownedOrder } from '@/server/customers/account/rentals';",
    ],
    [
      'a wing reaches up into a face',
      'src/server/operations/visits/complete.ts',
      "import { adminPlugin } from '@/server/admin/plugin';",
    ],
    [
      'a wing reaches up into an entry file',
      'src/server/customers/contact/service.ts',
      "import { buildApp } from '@/server/app';",
    ],
    // Faces are thin routes over the wings: none imports another, nor the entry files.
    [
      'the public face imports the admin face',
      'src/server/public/checkout-routes.ts',
      "import { adminPlugin } from '@/server/admin/plugin';",
    ],
    [
      'a face imports the scheduled work (it is decorated on the app)',
      'src/server/portal/routes.ts',
      "import { sendQueuedMessages } from '@/server/scheduled-work';",
    ],
    // Internals: the local gateway's engine is reached through billing's provider port only.
    [
      "a route reaches into the local gateway's internals",
      'src/server/public/local-pay-page.ts',
      "import { advanceBillingClock } from '@/server/billing/provider/local/clock';",
    ],
  ])('rejects an import where %s', async (_case, file, importLine) => {
    const name = /import \{ (\w+) \}/.exec(importLine)![1]!;
    expect(await ruleIds(file, withImport(file, importLine, name))).toContain('import-x/no-restricted-paths');
  });

  it('rejects an import cycle', async () => {
    // holds.ts imports predicates.ts; predicates.ts importing holds.ts back closes a circle.
    const file = 'src/server/rentals/units/predicates.ts';
    const code = withImport(file, "import { releaseHolds } from './holds';", 'releaseHolds');
    expect(await ruleIds(file, code)).toContain('import-x/no-cycle');
  });

  it('rejects a relative import that climbs two folders', async () => {
    const file = 'src/server/rentals/checkout/service.ts';
    const code = withImport(file, "import { formatCents as cents } from '../../contracts/money';", 'cents');
    expect(await ruleIds(file, code)).toContain('no-restricted-imports');
  });

  it('rejects a write to units outside src/server/rentals/units', async () => {
    const file = 'src/server/customers/account/rentals.ts';
    const code = `${current(file)}\nexport const __probe = (db: Db) => db.update(units).set({ status: 'available' });\n`;
    const withUnits = code.replace(
      "from '@/server/platform/db/schema';",
      "from '@/server/platform/db/schema';\nimport { units } from '@/server/platform/db/schema';",
    );
    expect(await ruleIds(file, withUnits)).toContain('no-restricted-syntax');
  });
});

describe('one clock', () => {
  it.each([
    ['new Date()', 'export const __probe = () => new Date();'],
    ['Date.now()', 'export const __probe = () => Date.now();'],
  ])('rejects %s in a business rule', async (_case, line) => {
    const file = 'src/server/rentals/checkout/orphans.ts';
    expect(await ruleIds(file, `${current(file)}\n${line}\n`)).toContain('no-restricted-syntax');
  });

  it('lets a date built from a value through, and the clock itself', async () => {
    const file = 'src/server/rentals/checkout/orphans.ts';
    expect(await ruleIds(file, `${current(file)}\nexport const __probe = (ms: number) => new Date(ms);\n`)).toEqual([]);
    expect(await ruleIds('src/server/platform/clock.ts', current('src/server/platform/clock.ts'))).toEqual([]);
  });
});

describe('file size', () => {
  it('rejects a file over 300 lines in src', async () => {
    const file = 'src/server/rentals/checkout/orphans.ts';
    const padding = Array.from({ length: 300 }, (_, i) => `export const __line${i} = ${i};`).join('\n');
    expect(await ruleIds(file, `${current(file)}\n${padding}\n`)).toContain('max-lines');
  });
});
