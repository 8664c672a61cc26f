import { createRequire } from 'node:module';

/** A US ZIP code's centre and place name. */
export interface ZipPlace {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

interface ZipcodesModule {
  codes: Record<
    string,
    { zip: string; latitude: number; longitude: number; city: string; state: string; country: string }
  >;
}

let places: Map<string, ZipPlace> | undefined;

/**
 * The `zipcodes` package's table, US ZIPs only, loaded on first use (~0.5 s). The package keeps Canadian postal
 * codes and lookup indexes we never read, so we copy what we need and drop its module from the require cache.
 */
function table(): Map<string, ZipPlace> {
  if (places) return places;
  const require = createRequire(import.meta.url);
  const path = require.resolve('zipcodes');
  const { codes } = require(path) as ZipcodesModule;
  places = new Map();
  for (const [zip, code] of Object.entries(codes)) {
    if (code.country !== 'US' || !/^\d{5}$/.test(zip)) continue;
    places.set(zip, { zip, latitude: code.latitude, longitude: code.longitude, city: code.city, state: code.state });
  }
  delete require.cache[path];
  return places;
}

/** The place of a 5-digit ZIP or a ZIP+4 (`92701-1234`); undefined when no such US ZIP exists. */
export function lookupZip(zipCode: string): ZipPlace | undefined {
  const match = /^(\d{5})(?:-\d{4})?$/.exec(zipCode.trim());
  return match ? table().get(match[1]!) : undefined;
}

const EARTH_RADIUS_MILES = 3958.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance in miles between two places, to one decimal. */
export function milesBetween(
  a: Pick<ZipPlace, 'latitude' | 'longitude'>,
  b: Pick<ZipPlace, 'latitude' | 'longitude'>,
): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_MILES * Math.asin(Math.sqrt(h)) * 10) / 10;
}

/** Miles between two ZIPs, or undefined when either does not exist. */
export function milesBetweenZips(from: string, to: string): number | undefined {
  const a = lookupZip(from);
  const b = lookupZip(to);
  return a && b ? milesBetween(a, b) : undefined;
}
