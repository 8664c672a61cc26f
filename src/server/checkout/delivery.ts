import { formatMiles, OUT_OF_AREA_CODE } from '@/contracts/checkout-terms';
import type { Db } from '../db/client';
import { AppError, Invalid } from '../http/errors';
import { readServiceArea } from '../settings/service-area';
import { quoteZip } from '../service-area/quote';

/** The delivery a checkout pays for: the distance from the depot and the charge (0 within the free radius). */
export interface Delivery {
  miles: number;
  chargeCents: number;
  /** The first invoice's line for the charge. */
  description: string;
}

/** A ZIP beyond the service radius; `code` tells the checkout form to offer the lead form (ADR 022). */
export class OutOfServiceArea extends AppError {
  constructor(message: string) {
    super(message, 422, { zipCode: message }, OUT_OF_AREA_CODE);
  }
}

/** Prices the delivery to a ZIP on the current settings; refuses a ZIP that does not exist or is out of the area. */
export async function deliveryFor(db: Db, zipCode: string): Promise<Delivery> {
  const quote = quoteZip(await readServiceArea(db), zipCode);
  if (quote.status === 'unknown') throw new Invalid(quote.message!, { zipCode: quote.message! });
  if (quote.status === 'out_of_area') throw new OutOfServiceArea(quote.message!);
  return {
    miles: quote.miles!,
    chargeCents: quote.chargeCents!,
    description: `Delivery (${formatMiles(quote.miles!)} from our depot)`,
  };
}
