/**
 * The one source of "now" for business rules (holds, expiries, billing dates). Routes read it from the app's
 * deps and hand `now` to services, so a test or the demo can move time without touching the system clock
 * (docs/decisions/011-structure-units-payments-clock.md).
 */
export interface Clock {
  now(): Date;
  /** The same instant as epoch milliseconds, without making a Date (a read on every fast-lane request). */
  nowMs?(): number;
}

export const systemClock: Clock = { now: () => new Date(), nowMs: Date.now };

/** `clock`'s time in epoch milliseconds, by nowMs when it has one. */
export const epochMs = (clock: Clock): number => (clock.nowMs ? clock.nowMs() : clock.now().getTime());

/**
 * Sessions (customers' and staff's) live on the machine's time, not the app's clock: moving the demo's billing
 * clock a month ahead must not sign the owner out of the dashboard that moved it. Only sessions use this.
 */
export const sessionClock: Clock = systemClock;

/**
 * The demo's billing clock (Stripe's test clocks are the model): real time plus an offset that only grows. The
 * embedded payment gateway moves it forward to run months of renewals in seconds; everything that asks the app's
 * clock sees the same time.
 */
export class BillingClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(this.nowMs());
  }

  nowMs(): number {
    return Date.now() + this.offsetMs;
  }

  /** How far ahead of real time it runs (to persist and restore it). */
  get offset(): number {
    return this.offsetMs;
  }

  restore(offsetMs: number): void {
    this.offsetMs = Math.max(this.offsetMs, offsetMs);
  }

  /** Moves the clock to `target`; never backwards. */
  moveTo(target: Date): void {
    this.offsetMs = Math.max(this.offsetMs, target.getTime() - Date.now());
  }
}
