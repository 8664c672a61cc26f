import {
  outOfAreaMessage,
  quoteDelivery,
  unknownZipMessage,
  type DeliveryQuoteView,
  type ServiceAreaSettings,
} from '@/contracts/service-area';
import { lookupZip, milesBetween } from './zip-codes';

/** The delivery quote for a ZIP (5 digits or ZIP+4): free, charged, out of the area, or no such ZIP. */
export function quoteZip(settings: ServiceAreaSettings, zipCode: string): DeliveryQuoteView {
  const zip = zipCode.trim();
  const base = {
    zipCode: zip,
    freeDeliveryMiles: settings.freeDeliveryMiles,
    serviceRadiusMiles: settings.serviceRadiusMiles,
  };
  const place = lookupZip(zip);
  const depot = lookupZip(settings.depotZip);
  if (!place || !depot) {
    const message = unknownZipMessage(zip);
    return { ...base, status: 'unknown', city: null, state: null, miles: null, chargeCents: null, message };
  }
  const quote = quoteDelivery(settings, milesBetween(depot, place));
  return {
    ...base,
    status: quote.status,
    city: place.city,
    state: place.state,
    miles: quote.miles,
    chargeCents: quote.chargeCents,
    message:
      quote.status === 'out_of_area'
        ? outOfAreaMessage(zip.slice(0, 5), quote.miles, settings.serviceRadiusMiles)
        : null,
  };
}
