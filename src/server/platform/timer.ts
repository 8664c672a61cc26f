import type { FastifyInstance } from 'fastify';
import { maintainEmbeddedDatabase } from './db/upkeep';
import type { SweepOutcome } from './observability/health-watch';

const EVERY_MS = 60_000;
/** The embedded database's autovacuum (db/upkeep.ts) runs every this many runs: each ten minutes. */
const UPKEEP_EVERY_RUNS = 10;

/** The embedded database's upkeep, as one more sweep (counted, reported and alerted like the others). */
async function upkeep(app: FastifyInstance): Promise<SweepOutcome> {
  const sweep = { sweep: 'database_upkeep', title: 'embedded database upkeep' };
  try {
    const done = await maintainEmbeddedDatabase(app.deps.database);
    if (done.vacuumed.length + done.analyzed.length > 0) app.log.info(done, 'embedded database upkeep');
    return { ...sweep, ok: true };
  } catch (error) {
    app.log.error({ err: error }, 'embedded database upkeep failed');
    return { ...sweep, ok: false, error };
  }
}

/**
 * Runs the scheduled work every minute on a running server (main.ts, before it listens: the hook that stops it is
 * registered here), never two runs at once in one process; other instances may run at the same moment, which the
 * sweeps are built for. Closing the app waits for a run in progress, so its statements never meet a closed database.
 * After each run the health watch counts, reports and alerts what failed (observability/health-watch.ts).
 */
export function startScheduledWork(app: FastifyInstance): void {
  let runs = 0;
  /** The run in progress, which closing waits for (its statements need the database, closed after it). */
  let current: Promise<void> | undefined;
  const run = async () => {
    runs += 1;
    const now = app.deps.clock.now();
    const outcomes: SweepOutcome[] = [];
    try {
      outcomes.push(...(await app.scheduledWork.run(now, app.log)).sweeps);
    } catch (error) {
      app.log.error({ err: error }, 'scheduled work failed');
      outcomes.push({ sweep: 'scheduled_work', title: 'the scheduled work', ok: false, error });
    }
    if (runs % UPKEEP_EVERY_RUNS === 0) outcomes.push(await upkeep(app));
    await app.healthWatch.afterRun(outcomes, now);
  };
  const tick = () => {
    if (current) return;
    current = run().finally(() => (current = undefined));
  };
  const timer = setInterval(tick, EVERY_MS);
  timer.unref();
  // Before the onClose hooks (one of which closes the database): no new run, and the one in progress finishes.
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await current;
  });
  tick();
}
