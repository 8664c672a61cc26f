import { visitWindowStart, type VisitWindow } from '@/contracts/deliveries';

/** A point on the map (a ZIP code's centre). */
export interface Point {
  latitude: number;
  longitude: number;
}

/** What the planner needs of a stop; anything else the caller keeps on it comes back untouched. */
export interface PlannableStop {
  /** Unique; the last tie-breaker. */
  id: string;
  /** The promised window ('morning', '08:00-12:00'); null (scheduled without one) goes after every window. */
  window: VisitWindow | null;
  /** Street address: breaks ties between equally near stops, so the order never depends on the query's order. */
  address: string;
  /** The ZIP's centre, or undefined when the ZIP is unknown. */
  point: Point | undefined;
}

export interface PlannedStop<T extends PlannableStop> {
  stop: T;
  /** Miles from the previous located point (the depot first); null for a stop with no point. */
  legMiles: number | null;
}

export interface PlannedRoute<T extends PlannableStop> {
  stops: PlannedStop<T>[];
  /** The legs added up (depot to the last stop). */
  totalMiles: number;
  /** From the last located stop back to the depot; 0 without a located stop or a located depot. */
  returnMiles: number;
}

/** How far apart two points are; the caller passes the haversine of src/server/rentals/service-area/zip-codes.ts (to 0.1 mile). */
export type Distance = (a: Point, b: Point) => number;

/** Windows go by when they start ('HH:MM' sorts as text); '~' sorts after every time, so no window goes last. */
const windowRank = (window: VisitWindow | null) => (window === null ? '~' : visitWindowStart(window));

const byAddress = (a: PlannableStop, b: PlannableStop) =>
  a.address < b.address ? -1 : a.address > b.address ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

const round1 = (miles: number) => Math.round(miles * 10) / 10;

/**
 * Orders a day's stops into a route. The customer was promised a window, so stops go window by window, the
 * earliest start first (a fixed window with a booked one starting at the same time), then those without a window.
 * Within a window: nearest neighbour — from where the crew is (the depot first, then the last located stop), the
 * nearest remaining stop next, equally near stops by address then id. Stops whose ZIP has no known centre go last in their window, by address. Pure and
 * deterministic: the same stops in any order give the same route.
 */
export function planRoute<T extends PlannableStop>(
  depot: Point | undefined,
  stops: readonly T[],
  distance: Distance,
): PlannedRoute<T> {
  const windows = new Map<string, T[]>();
  for (const stop of stops) {
    const rank = windowRank(stop.window);
    windows.set(rank, [...(windows.get(rank) ?? []), stop]);
  }

  const planned: PlannedStop<T>[] = [];
  let here = depot;
  let totalMiles = 0;
  for (const rank of [...windows.keys()].sort()) {
    const group = windows.get(rank)!;
    const remaining = group.filter((stop) => stop.point).sort(byAddress);
    while (remaining.length > 0) {
      let best = 0;
      if (here) {
        let bestMiles = distance(here, remaining[0]!.point!);
        for (let i = 1; i < remaining.length; i += 1) {
          const miles = distance(here, remaining[i]!.point!);
          // Strictly nearer only: remaining is sorted by address, so the first of equals wins.
          if (miles < bestMiles) [best, bestMiles] = [i, miles];
        }
      }
      const [next] = remaining.splice(best, 1) as [T];
      const legMiles = here ? round1(distance(here, next.point!)) : null;
      if (legMiles !== null) totalMiles += legMiles;
      planned.push({ stop: next, legMiles });
      here = next.point;
    }
    for (const stop of group.filter((candidate) => !candidate.point).sort(byAddress)) {
      planned.push({ stop, legMiles: null });
    }
  }

  const lastPoint = [...planned].reverse().find((entry) => entry.stop.point)?.stop.point;
  const returnMiles = depot && lastPoint ? round1(distance(lastPoint, depot)) : 0;
  return { stops: planned, totalMiles: round1(totalMiles), returnMiles };
}
