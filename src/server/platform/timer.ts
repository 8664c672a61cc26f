import type { FastifyInstance } from 'fastify';
import { maintainEmbeddedDatabase } from './db/upkeep';

const EVERY_MS = 60_000;
/** The embedded database's autovacuum (db/upkeep.ts) runs every this many runs: each ten minutes. */
const UPKEEP_EVERY_RUNS = 10;

/**
 * Runs the scheduled work every minute on a running server (main.ts, before it listens: the hook that stops it is
 * registered here), never two runs at once in one process; other instances may run at the same moment, which the
 * sweeps are built for. Closing the app waits for a run in progress, so its statements never meet a closed database.
 */
export function startScheduledWork(app: FastifyInstance): void {
  let runs = 0;
  /** The run in progress, which closing waits for (its statements need the database, closed after it). */
  let current: Promise<void> | undefined;
  const run = async () => {
    runs += 1;
    try {
      await app.scheduledWork.run(app.deps.clock.now(), app.log);
    } catch (error) {
      app.log.error({ err: error }, 'scheduled work failed');
    }
    try {
      if (runs % UPKEEP_EVERY_RUNS === 0) {
        const upkeep = await maintainEmbeddedDatabase(app.deps.database);
        if (upkeep.vacuumed.length + upkeep.analyzed.length > 0) app.log.info(upkeep, 'embedded database upkeep');
      }
    } catch (error) {
      app.log.error({ err: error }, 'embedded database upkeep failed');
    }
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
