import { describe, expect, it } from 'vitest';
import type { VisitWindow } from '@/contracts/deliveries';
import { milesBetween } from '@/server/rentals/service-area/zip-codes';
import { planRoute, type PlannableStop, type Point } from './plan-route';

// Points along one line of latitude: each 0.1 degree of longitude is about 5.7 miles here.
const at = (east: number): Point => ({ latitude: 33.75, longitude: -117.9 + east });
const depot = at(0);

let counter = 0;
function stop(address: string, east: number | undefined, window: VisitWindow | null = 'morning'): PlannableStop {
  counter += 1;
  return {
    id: `id-${String(counter).padStart(3, '0')}`,
    address,
    window,
    point: east === undefined ? undefined : at(east),
  };
}

const addresses = (route: ReturnType<typeof planRoute>) => route.stops.map((entry) => entry.stop.address);

describe('planRoute', () => {
  it('starts from the depot and goes each time to the nearest remaining stop', () => {
    const stops = [stop('far', 0.5), stop('near', 0.1), stop('middle', 0.3), stop('west', -0.15)];
    const route = planRoute(depot, stops, milesBetween);
    // near (0.1 from the depot), then middle (0.2 on) is nearer than west (0.25 back), then far, then west.
    expect(addresses(route)).toEqual(['near', 'middle', 'far', 'west']);
    expect(route.stops[0]!.legMiles).toBe(milesBetween(depot, at(0.1)));
    expect(route.stops[3]!.legMiles).toBe(milesBetween(at(0.5), at(-0.15)));
    const legs = route.stops.reduce((sum, entry) => sum + (entry.legMiles ?? 0), 0);
    expect(route.totalMiles).toBeCloseTo(legs, 5);
    expect(route.returnMiles).toBe(milesBetween(at(-0.15), depot));
  });

  it('keeps the promised windows in order, whatever the distances', () => {
    const stops = [
      stop('evening next door', 0.01, 'evening'),
      stop('no window', 0.02, null),
      stop('afternoon', 0.4, 'afternoon'),
      stop('morning far', 0.9, 'morning'),
      stop('midday', 0.5, 'midday'),
      stop('morning near', 0.2, 'morning'),
    ];
    expect(addresses(planRoute(depot, stops, milesBetween))).toEqual([
      'morning near',
      'morning far',
      'midday',
      'afternoon',
      'evening next door',
      'no window',
    ]);
  });

  it('orders booked windows by their start, with the fixed windows that start at the same hour', () => {
    const stops = [
      stop('booked 4PM', 0.01, '16:00-20:00'),
      stop('no window', 0.02, null),
      stop('midday', 0.3, 'midday'),
      stop('booked noon', 0.05, '12:00-16:00'),
      stop('booked 8AM far', 0.9, '08:00-12:00'),
      stop('morning near', 0.2, 'morning'),
    ];
    expect(addresses(planRoute(depot, stops, milesBetween))).toEqual([
      'morning near',
      'booked 8AM far',
      'midday',
      'booked noon',
      'booked 4PM',
      'no window',
    ]);
  });

  it('measures a window’s first leg from the previous window’s last stop', () => {
    const route = planRoute(depot, [stop('am', 0.5, 'morning'), stop('pm', 0.6, 'afternoon')], milesBetween);
    expect(route.stops[1]!.legMiles).toBe(milesBetween(at(0.5), at(0.6)));
  });

  it('puts stops with an unknown ZIP last in their window, by address, with no leg', () => {
    const stops = [
      stop('zz unknown', undefined),
      stop('aa unknown', undefined),
      stop('located', 0.3),
      stop('later window', 0.31, 'midday'),
    ];
    const route = planRoute(depot, stops, milesBetween);
    expect(addresses(route)).toEqual(['located', 'aa unknown', 'zz unknown', 'later window']);
    expect(route.stops.map((entry) => entry.legMiles)).toEqual([
      milesBetween(depot, at(0.3)),
      null,
      null,
      milesBetween(at(0.3), at(0.31)),
    ]);
  });

  it('is deterministic: equally near stops go by address, and the input order does not matter', () => {
    const stops = [stop('300 Elm St', 0.2), stop('100 Oak Ave', 0.2), stop('200 Pine Rd', 0.2), stop('1 Far Way', 0.7)];
    const expected = ['100 Oak Ave', '200 Pine Rd', '300 Elm St', '1 Far Way'];
    expect(addresses(planRoute(depot, stops, milesBetween))).toEqual(expected);
    expect(addresses(planRoute(depot, [...stops].reverse(), milesBetween))).toEqual(expected);
    expect(addresses(planRoute(depot, [stops[2]!, stops[0]!, stops[3]!, stops[1]!], milesBetween))).toEqual(expected);
  });

  it('without a known depot, starts at the first stop by address and counts no first leg', () => {
    const route = planRoute(undefined, [stop('b', 0.5), stop('a', 0.9), stop('c', 0.8)], milesBetween);
    expect(addresses(route)).toEqual(['a', 'c', 'b']);
    expect(route.stops[0]!.legMiles).toBeNull();
    expect(route.returnMiles).toBe(0);
  });

  it('plans an empty day', () => {
    expect(planRoute(depot, [], milesBetween)).toEqual({ stops: [], totalMiles: 0, returnMiles: 0 });
  });
});
