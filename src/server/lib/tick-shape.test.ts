import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { tickShapeKept } from './tick-shape';

/**
 * A fresh Node process (with `preload` first, if given) ticks, runs a full GC while no tick is queued, ticks again,
 * and prints V8's feedback for `process.nextTick` (V8's own debug print, hence the flags). Returns the state of each
 * object-literal define in it. Plain Node, no TypeScript loader: the module under test is compiled first.
 */
function nextTickDefines(preload?: string): string[] {
  const child = `
    const noop = () => {};
    for (let i = 0; i < 100; i += 1) process.nextTick(noop);
    setTimeout(() => {
      globalThis.gc();
      for (let i = 0; i < 100; i += 1) process.nextTick(noop);
      setTimeout(() => new Function('f', '%DebugPrint(f)')(process.nextTick), 10);
    }, 10);`;
  const flags = ['--expose-gc', '--allow-natives-syntax', ...(preload ? ['--import', preload] : [])];
  const output = execFileSync(process.execPath, [...flags, '-e', child], { encoding: 'utf8' });
  return [...output.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((match) => match[1]!);
}

describe("nextTick's fast path (ADR 028)", () => {
  it('holds on this Node', () => {
    expect(tickShapeKept()).toBe(true);
  });

  it('survives a full GC while no tick is queued, where without the kept shape it goes megamorphic', () => {
    // The control: this Node still has the problem the module works around (if it fails on a newer Node, the
    // module may no longer be needed; say so in ADR 028 rather than delete this check).
    expect(nextTickDefines()).toContain('MEGAMORPHIC');
    const folder = mkdtempSync(path.join(os.tmpdir(), 'tick-shape-'));
    try {
      const compiled = path.join(folder, 'tick-shape.mjs');
      const source = readFileSync(path.join(import.meta.dirname, 'tick-shape.ts'), 'utf8');
      writeFileSync(compiled, transformSync(source, { loader: 'ts', format: 'esm' }).code);
      const kept = nextTickDefines(compiled);
      expect(kept.length).toBeGreaterThanOrEqual(4);
      expect(kept.every((state) => state === 'MONOMORPHIC')).toBe(true);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
