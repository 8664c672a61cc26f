import type { Database, Subscription } from './client';

/**
 * The LISTEN side of a cache kept in memory and dropped when the database says what it shows changed (the
 * migrations' triggers NOTIFY on every committed write, from any instance; ADR 024's catalog, ADR 010's orders list).
 * It listens on its channels from start() to stop(), drops what it keeps on every notification, when notifications
 * may have been missed (the listening connection dropped) and on invalidate(); while it is not listening nothing
 * should be kept, since a change would go unheard. Each drop bumps the generation: a read started under an older one
 * was overtaken by a change, it answers its own request but is not kept.
 */
export abstract class NotifyInvalidatedCache {
  protected generation = 0;
  private subscription: Subscription | null = null;

  protected constructor(
    protected readonly database: Database,
    private readonly channels: string | readonly string[],
  ) {}

  /** Starts listening; until then (and if it fails) every request reads the database. */
  async start(): Promise<void> {
    this.subscription = await this.database.listen(this.channels, {
      onNotify: () => this.invalidate(),
      onLost: () => this.invalidate(),
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
    this.subscription = null;
    this.invalidate();
  }

  invalidate(): void {
    this.generation += 1;
    this.drop();
  }

  /** Forgets everything kept and every read under way (called on each invalidation). */
  protected abstract drop(): void;

  /** True while every change is heard: only then may anything be kept or shared. */
  protected get listening(): boolean {
    return this.subscription?.live ?? false;
  }
}
