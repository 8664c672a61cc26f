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

/**
 * Node 20 (this project's CI) has the problem and the symbols: both are checked strictly there. A newer Node whose
 * V8 keeps the feedback, or whose symbols are named otherwise, skips the checks (the module then keeps nothing or
 * changes nothing) rather than failing a newcomer's `npm test`; ADR 028 says when to delete the module.
 */
const knownNode = /^(20|22|24)\./.test(process.versions.node);

describe("nextTick's fast path (ADR 028)", () => {
  it.runIf(knownNode)('finds the two symbols on this Node', () => {
    expect(tickShapeKept()).toBe(true);
  });

  it('survives a full GC while no tick is queued, where without the kept shape it goes megamorphic', (context) => {
    // The control: this Node still has the problem the module works around.
    const control = nextTickDefines();
    if (knownNode) expect(control).toContain('MEGAMORPHIC');
    else if (!control.includes('MEGAMORPHIC') || !tickShapeKept()) return context.skip();
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
