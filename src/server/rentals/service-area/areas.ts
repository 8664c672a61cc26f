import type { PublicServiceArea, ServiceAreaSettings } from '@/contracts/service-area';
import { lookupZip, milesBetween } from './zip-codes';

/**
 * The places the home page names, by region, each at a ZIP of its own. A place is listed when that ZIP is within
 * the service radius of the depot, so moving the depot or the radius changes the list (ADR 022). South LA's
 * neighbourhoods all read "Los Angeles" in the ZIP data, hence names of our own rather than the data's cities.
 */
const regions: ReadonlyArray<{ name: string; places: ReadonlyArray<readonly [string, string]> }> = [
  {
    name: 'Orange County',
    places: [
      ['Santa Ana', '92701'],
      ['Anaheim', '92805'],
      ['Irvine', '92612'],
      ['Orange', '92868'],
      ['Tustin', '92780'],
      ['Garden Grove', '92840'],
      ['Costa Mesa', '92626'],
      ['Fountain Valley', '92708'],
      ['Westminster', '92683'],
      ['Huntington Beach', '92648'],
      ['Newport Beach', '92660'],
      ['Fullerton', '92831'],
      ['Placentia', '92870'],
      ['Buena Park', '90620'],
      ['Cypress', '90630'],
      ['Brea', '92821'],
      ['Yorba Linda', '92886'],
      ['Lake Forest', '92630'],
      ['Laguna Beach', '92651'],
      ['Mission Viejo', '92691'],
      ['Aliso Viejo', '92656'],
      ['Laguna Niguel', '92677'],
      ['Rancho Santa Margarita', '92688'],
      ['San Juan Capistrano', '92675'],
      ['Dana Point', '92629'],
      ['San Clemente', '92672'],
    ],
  },
  {
    name: 'South Los Angeles',
    places: [
      ['Florence', '90001'],
      ['Watts', '90002'],
      ['South Park', '90011'],
      ['Exposition Park', '90037'],
      ['Vermont Vista', '90044'],
      ['Hyde Park', '90043'],
      ['Inglewood', '90301'],
      ['Compton', '90220'],
      ['Lynwood', '90262'],
      ['South Gate', '90280'],
      ['Huntington Park', '90255'],
    ],
  },
  {
    name: 'Long Beach and the Gateway Cities',
    places: [
      ['Long Beach', '90802'],
      ['Lakewood', '90712'],
      ['Cerritos', '90703'],
      ['Norwalk', '90650'],
      ['Downey', '90241'],
    ],
  },
];

/** The regions with at least one place within the radius, and those places, nearest first. */
export function servedAreas(settings: ServiceAreaSettings): PublicServiceArea['areas'] {
  const depot = lookupZip(settings.depotZip);
  if (!depot) return [];
  return regions.flatMap((region) => {
    const cities = region.places
      .map(([name, zip]) => {
        const place = lookupZip(zip);
        return { name, miles: place ? milesBetween(depot, place) : Infinity };
      })
      .filter((place) => place.miles <= settings.serviceRadiusMiles)
      .sort((a, b) => a.miles - b.miles)
      .map((place) => place.name);
    return cities.length > 0 ? [{ name: region.name, cities }] : [];
  });
}
