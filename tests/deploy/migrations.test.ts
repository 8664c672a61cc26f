import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Upgrades restart instances one at a time, and a rollback runs the older release on the newer schema
 * (docs/operations.md, "Upgrade"): both hold only while every migration adds and none takes away. A change that must
 * drop or rename goes in two releases (add and copy, then drop once no release reads it), and this list says which.
 */
const folder = path.resolve(import.meta.dirname, '../../drizzle');
const destructive = [
  /\bdrop\s+(table|column|schema|type|view)\b/i,
  /\brename\s+(column\s+)?\w+\s+to\b/i,
  /\brename\s+to\b/i,
  /\balter\s+column\s+\S+\s+(set\s+data\s+)?type\b/i,
];
// Migrations that took something away before this rule, each safe at the time it landed (none yet).
const allowed = new Set<string>();

/** The SQL without comments, so a comment that talks about dropping does not count. */
const statements = (sql: string) => sql.replace(/--.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');

describe('the migrations', () => {
  const files = readdirSync(folder).filter((file) => file.endsWith('.sql'));

  it('are all found', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('only add: no table, column or type is dropped, renamed or retyped', () => {
    const offenders = files
      .filter((file) => !allowed.has(file))
      .filter((file) =>
        destructive.some((pattern) => pattern.test(statements(readFileSync(path.join(folder, file), 'utf8')))),
      );
    expect(offenders).toEqual([]);
  });

  it('the rule catches what it is for', () => {
    for (const sql of [
      'alter table orders drop column notes;',
      'ALTER TABLE units RENAME COLUMN a TO b;',
      'drop table x;',
    ])
      expect(destructive.some((pattern) => pattern.test(statements(sql)))).toBe(true);
    expect(destructive.some((pattern) => pattern.test(statements('-- drop table x\ncreate index i on t (a);')))).toBe(
      false,
    );
  });
});
