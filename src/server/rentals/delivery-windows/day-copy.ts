import type { DeliveryCapacitySettings } from '@/contracts/delivery-windows';
import type { Db } from '@/server/platform/db/client';
import { readDeliveryCapacityWithTaken } from './settings';
import { countBooking, type Taken } from './windows';

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
  /** The days read. */
  from: string;
  to: string;
  /** The read as it came back, with this instance's bookings since counted in (booking). */
  answer?: Omit<DayRead, 'fresh'>;
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
    const kept: Kept = { read, at: this.elapsed(), now: now.getTime(), from, to };
    read.then(
      (answer) => (kept.answer = answer),
      () => undefined,
    );
    for (const [other, entry] of this.days) if (!this.young(entry, now)) this.days.delete(other);
    this.days.set(key, kept);
    try {
      // The read as it is, for a refusal to rest on: the copy kept goes on counting this instance's bookings.
      const { settings, taken } = await read;
      return { settings, taken: structuredClone(taken), fresh: true };
    } catch (error) {
      if (this.days.get(key) === kept) this.days.delete(key);
      throw error;
    }
  }

  /**
   * A booking of `window` this instance is sending, counted at once into the copies that have come back (their reads
   * cannot hold it); the function returned takes it out of them again should the statement not book it. So the next
   * checkouts see a window fill with the bookings in flight, instead of each finding it full in its statement (undone,
   * and chosen again on a fresh read: 567 of 5,681 statements in a benchmark run filling windows of 200, and 681
   * reads of 11.7 ms). A read still under way may hold the booking or not and is left as it comes back: at worst a
   * full window proposed, as before. Another instance's bookings reach this copy with its next read, as before.
   */
  booking(window: { date: string; start: string }): () => void {
    const counted: Taken[] = [];
    for (const kept of this.days.values()) {
      if (!kept.answer || window.date < kept.from || window.date > kept.to) continue;
      countBooking(kept.answer.taken, window.date, window.start, 1);
      counted.push(kept.answer.taken);
    }
    return () => {
      for (const taken of counted) countBooking(taken, window.date, window.start, -1);
    };
  }

  /**
   * A booking found `window` full under its lock: it is full in this copy from now on, for the reads that have come
   * back and those under way alike (the next checkouts are proposed the window after it, and a refusal still rests
   * on a fresh read). A fill this copy cannot place (no window named) has every day read afresh, shared.
   */
  filled(window?: { date: string; start: string; visits: number }): void {
    if (!window) {
      this.days.clear();
      return;
    }
    for (const kept of this.days.values()) {
      if (window.date < kept.from || window.date > kept.to) continue;
      const mark = (answer: Omit<DayRead, 'fresh'>) =>
        countBooking(answer.taken, window.date, window.start, window.visits);
      if (kept.answer) mark(kept.answer);
      else void kept.read.then(mark, () => undefined);
    }
  }

  private young(kept: Kept, now: Date): boolean {
    const onClock = now.getTime() - kept.now;
    return this.elapsed() - kept.at < this.keepMs && onClock >= 0 && onClock < this.keepMs;
  }
}
