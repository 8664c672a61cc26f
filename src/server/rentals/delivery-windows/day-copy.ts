import type { DeliveryCapacitySettings } from '@/contracts/delivery-windows';
import type { Db } from '@/server/platform/db/client';
import { readDeliveryCapacityWithTaken } from './settings';
import type { Taken } from './windows';

/** How long a day's read serves the checkouts after it, in real time and on the checkout's clock alike. */
export const DAY_COPY_MS = 1_000;

/** The owner's windows and the bookings of some days, as a checkout chooses its window from them. */
export interface DayRead {
  settings: DeliveryCapacitySettings;
  taken: Taken;
  /** Read for this checkout. A copy (false) may propose a window; only a fresh read may refuse one. */
  fresh: boolean;
}

interface Kept {
  read: Promise<Omit<DayRead, 'fresh'>>;
  /** When it was read, in real time (ms, monotonic) and on the checkout's clock. */
  at: number;
  now: number;
}

/**
 * This instance's copy of the owner's windows and the days' bookings (the start date's, and the fortnight's after it once
 * the start date is full), so that a checkout chooses its window without a read of its own: that read grows with the
 * day's holds (6.9 ms a checkout at 850 on one day), and checkouts arriving together share one. Like ServiceAreaCopy
 * (checkout/delivery.ts) it is never trusted alone:
 * - the checkout's statement counts the window again under its lock (checkout_start_in_window_by_keys), and a window
 *   found full there is chosen again on a fresh read (checkout/service.ts);
 * - a checkout is refused (a window not offered, full, or none in the fortnight) only on a fresh read.
 * So a copy can only propose a window that a hold ended in, or a later one than a hold that just ended left room in,
 * for at most DAY_COPY_MS. The owner's change to the windows reaches every instance's copy within that time, as it
 * reaches a checkout already past its read. One per app (public/checkout-routes.ts), as each app has its own database.
 */
export class DayWindowsCopy {
  /** By the days read: 'from to'. */
  private readonly days = new Map<string, Kept>();

  constructor(
    private readonly db: Db,
    private readonly keepMs = DAY_COPY_MS,
    private readonly elapsed: () => number = () => performance.now(),
  ) {}

  /** The days `from`..`to` as kept, if read less than keepMs ago (on both clocks), else read now. */
  async read(from: string, to: string, now: Date): Promise<DayRead> {
    const kept = this.days.get(`${from} ${to}`);
    if (kept && this.young(kept, now)) return { ...(await kept.read), fresh: false };
    return this.reread(from, to, now);
  }

  /** The days read now; checkouts arriving meanwhile share this read. */
  async reread(from: string, to: string, now: Date): Promise<DayRead> {
    const key = `${from} ${to}`;
    const read = readDeliveryCapacityWithTaken(this.db, from, to, now);
    const kept: Kept = { read, at: this.elapsed(), now: now.getTime() };
    for (const [other, entry] of this.days) if (!this.young(entry, now)) this.days.delete(other);
    this.days.set(key, kept);
    try {
      return { ...(await read), fresh: true };
    } catch (error) {
      if (this.days.get(key) === kept) this.days.delete(key);
      throw error;
    }
  }

  /** A window filled under a checkout: the next checkouts read afresh (and share that read). */
  forget(): void {
    this.days.clear();
  }

  private young(kept: Kept, now: Date): boolean {
    const onClock = now.getTime() - kept.now;
    return this.elapsed() - kept.at < this.keepMs && onClock >= 0 && onClock < this.keepMs;
  }
}
