/** Business constants of spec section 9, in one place for the pages, the terms and the server. */
export const business = {
  name: 'CoolRent OC',
  monthlyPriceCents: 3900,
  minimumMonths: 4,
  minimumBtu: 10_000,
  deliveryFeeWithoutMinimumCents: 2500,
  freeDeliveryMiles: 10,
  earlyTerminationFeeCents: 15_000,
  cancellationNoticeDays: 30,
  /** Checkout takes start dates from today to this many days ahead (ADR 014; 60 since ADR 022). */
  latestStartDays: 60,
  lateFeeCents: 2500,
  lateFeeAfterDays: 10,
  suspensionAfterFailedPayments: 2,
  governingLaw: 'California',
  officeHours: 'Mon-Fri 8AM-8PM',
  area: 'Orange County, CA',
  timeZone: 'America/Los_Angeles',
} as const;

export const serviceAreas = [
  { name: 'Orange County', available: true },
  { name: 'South Los Angeles', available: true },
  { name: 'Undergraduate dorms of one university', available: false },
] as const;
