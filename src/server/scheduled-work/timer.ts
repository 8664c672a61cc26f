import type { FastifyInstance } from 'fastify';
import { runScheduledWork } from './run';

const EVERY_MS = 60_000;

/**
 * Runs the scheduled work every minute on a running server (main.ts, before it listens: the hook that stops it is
 * registered here), never two runs at once in one process; other instances may run at the same moment, which the
 * sweeps are built for.
 */
export function startScheduledWork(app: FastifyInstance): void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await runScheduledWork(app.deps, app.deps.clock.now(), app.log);
    } catch (error) {
      app.log.error({ err: error }, 'scheduled work failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  void tick();
}
