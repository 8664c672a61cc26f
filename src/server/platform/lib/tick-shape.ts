import { AsyncResource } from 'node:async_hooks';

/**
 * Keeps `process.nextTick` on V8's fast path for the life of the process (ADR 028). Every `nextTick` builds one
 * object literal with two computed keys (Node's `{ [async_id_symbol], [trigger_async_id_symbol], callback, args }`),
 * and V8 records, once, the hidden class each of those defines starts from. It holds those classes weakly: a full
 * GC that runs while no tick is queued frees them, the next tick makes new ones, and V8 then treats three of the
 * defines as megamorphic for good, a runtime call each. Node 20, measured: 240 ns a tick against 50 (about six
 * ticks a request, in Node's own HTTP and stream code); the catalog's fast lane, 16.2 µs of CPU a request against
 * 12.7. A busy process such as ours (PGlite, migrations, page renders before it listens) always has such a GC; a
 * tiny one may not.
 *
 * One object built the same way, held here, keeps those hidden classes alive, so the one V8 recorded is still the
 * one every tick gets. It must be made before the process's first full GC: this module is the server entry's first
 * import, and runs once even when imported again.
 *
 * The two symbols are Node's own (not exported): `AsyncResource` carries them as its only own symbols, in that
 * order. If a Node version names them otherwise, nothing is kept and nothing else changes.
 */
const KEPT = Symbol.for('coolrent.tickShape');
const kept = globalThis as { [KEPT]?: object | null };

function makeTickShape(): object | null {
  const [asyncIdSymbol, triggerAsyncIdSymbol] = Object.getOwnPropertySymbols(new AsyncResource('TickShape'));
  if (
    asyncIdSymbol?.description !== 'async_id_symbol' ||
    triggerAsyncIdSymbol?.description !== 'trigger_async_id_symbol'
  )
    return null;
  // The ids as non-integral numbers: V8 keeps Node's ids (read from a Float64Array) as doubles, so these fields start
  // as doubles too (a small integer here would make V8 change the shape at the first tick: the very thing to avoid).
  return { [asyncIdSymbol]: 0.5, [triggerAsyncIdSymbol]: 0.5, callback: () => undefined, args: undefined };
}

// On the global object, so that a second copy of this module (the bench bundle, a test) keeps the same one.
kept[KEPT] ??= makeTickShape();

/** Whether this Node carries the symbols this relies on (false: nothing is kept, and nothing else changes). */
export function tickShapeKept(): boolean {
  return kept[KEPT] != null;
}
