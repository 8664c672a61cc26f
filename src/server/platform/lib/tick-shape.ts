import { createHook } from 'node:async_hooks';

/**
 * Keeps `process.nextTick` on V8's fast path for the life of the process (ADR 028). Every `nextTick` builds one
 * object literal with computed keys (Node 20's `{ [async_id_symbol], [trigger_async_id_symbol], callback, args }`;
 * Node 22 and 24 add `[kAsyncContextFrame]`), and V8 records, once, the hidden class each of those defines starts
 * from. It holds those classes weakly: a full GC that runs while no tick is queued frees them, the next tick makes
 * new ones, and V8 then treats the defines after the first as megamorphic for good, a runtime call each. Node 20,
 * measured: 240 ns a tick against 50 (about six ticks a request, in Node's own HTTP and stream code); the catalog's
 * fast lane, 16.2 µs of CPU a request against 12.7. A busy process such as ours (PGlite, migrations, page renders
 * before it listens) always has such a GC; a tiny one may not.
 *
 * One real tick object, held here, keeps those hidden classes alive, so the ones V8 recorded are still the ones
 * every tick gets. It is caught as Node makes it (an async hook's `init`, on for one tick and then off), so its keys
 * and field types are exactly Node's on every version. It must be caught before the process's first full GC: this
 * module is the server entry's first import, and runs once even when imported again.
 */
const KEPT = Symbol.for('coolrent.tickShape');
const kept = globalThis as { [KEPT]?: object | null };

function catchTickObject(): object | null {
  let tickObject: object | null = null;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject') tickObject ??= resource as object;
    },
  }).enable();
  try {
    process.nextTick(() => undefined);
  } finally {
    hook.disable();
  }
  return tickObject;
}

// On the global object, so that a second copy of this module (the bench bundle, a test) keeps the same one.
kept[KEPT] ??= catchTickObject();

/** Whether a tick object is kept (false only if this Node stops reporting them to async hooks). */
export function tickShapeKept(): boolean {
  return kept[KEPT] != null;
}
