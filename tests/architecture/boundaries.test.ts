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
      "from '../db/schema';",
      "from '../db/schema';\nimport { units } from '../db/schema';",
    );
    expect(await ruleIds(file, withUnits)).toContain('no-restricted-syntax');
  });
});
