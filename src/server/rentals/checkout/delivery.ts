import { formatMiles, OUT_OF_AREA_CODE } from '@/contracts/checkout-terms';
import type { ServiceAreaSettings } from '@/contracts/service-area';
import type { Db } from '@/server/platform/db/client';
import { AppError, Invalid } from '@/server/platform/errors';
import { readStoredServiceArea } from '@/server/rentals/service-area/settings';
import { quoteZip } from '@/server/rentals/service-area/quote';

/** The delivery a checkout pays for: the distance from the depot and the charge (0 within the free radius). */
export interface Delivery {
  miles: number;
  chargeCents: number;
  /** The first invoice's line for the charge. */
  description: string;
  /**
   * The service area's row as it was when this was priced (null: the defaults). A write that uses the price checks
   * in the same statement that the row is still this (checkout_start, migration 0016), or prices it again.
   */
  pricedOn: unknown;
}

/** A ZIP beyond the service radius; `code` tells the checkout form to offer the lead form (ADR 022). */
export class OutOfServiceArea extends AppError {
  constructor(message: string) {
    super(message, 422, { zipCode: message }, OUT_OF_AREA_CODE);
  }
}

type StoredServiceArea = { settings: ServiceAreaSettings; stored: unknown };

/**
 * This instance's copy of the owner's service area, for pricing checkouts without a read each. The owner may change
 * it on any instance, so the copy is never trusted alone: a checkout priced on it is written only if the stored
 * row is still the same (checked inside the checkout's statement; else read again and priced again), and a ZIP is
 * refused only on a fresh read. One per app (public/checkout-routes.ts), since each app has its own database.
 */
export class ServiceAreaCopy {
  private current: Promise<StoredServiceArea> | null = null;

  constructor(private readonly db: Db) {}

  read(): Promise<StoredServiceArea> {
    this.current ??= readStoredServiceArea(this.db).catch((error: unknown) => {
      this.current = null;
      throw error;
    });
    return this.current;
  }

  /** Drops the copy: the stored row changed, or an answer must not rest on an old copy. */
  reread(): Promise<StoredServiceArea> {
    this.current = null;
    return this.read();
  }
}

/**
 * Prices the delivery to a ZIP on the service area (this instance's copy unless `fresh`); refuses a ZIP that does
 * not exist or is out of the area, always on the stored settings: a copy older than the owner's latest change may
 * not turn a customer away.
 */
export async function deliveryFor(area: ServiceAreaCopy, zipCode: string, fresh = false): Promise<Delivery> {
  let { settings, stored } = await (fresh ? area.reread() : area.read());
  let quote = quoteZip(settings, zipCode);
  if (!fresh && (quote.status === 'unknown' || quote.status === 'out_of_area')) {
    ({ settings, stored } = await area.reread());
    quote = quoteZip(settings, zipCode);
  }
  if (quote.status === 'unknown') throw new Invalid(quote.message!, { zipCode: quote.message! });
  if (quote.status === 'out_of_area') throw new OutOfServiceArea(quote.message!);
  return {
    miles: quote.miles!,
    chargeCents: quote.chargeCents!,
    description: `Delivery (${formatMiles(quote.miles!)} from our depot)`,
    pricedOn: stored,
  };
}
