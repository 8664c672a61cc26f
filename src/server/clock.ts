/**
 * The one source of "now" for business rules (holds, expiries, billing dates). Routes read it from the app's
 * deps and hand `now` to services, so a test or the demo can move time without touching the system clock
 * (docs/decisions/011-structure-units-payments-clock.md).
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
