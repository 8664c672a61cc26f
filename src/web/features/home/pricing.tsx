import type { ReactNode } from 'react';
import { CheckList } from '@/web/components/check-list';
import { ButtonLink } from '@/web/components/layout/button-link';
import { Price } from '@/web/components/price';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/web/components/ui/card';
import { offer } from '@/web/lib/offer';

const included = [
  `All units minimum ${offer.minimumBtu} BTU`,
  `${offer.minimumMonths}-month minimum for free delivery & installation (otherwise a ${offer.deliveryFee} fee)`,
  `Free delivery within ${offer.freeMiles} miles`,
  '24/7 support, free maintenance and repairs',
  'Free pickup at the end of your rental',
];

/** The home page's pricing: the monthly plan beside the unit models (`unitList`, which the catalog provides). */
export function Pricing({ unitList }: { unitList: ReactNode }) {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-20 bg-muted">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="pricing-title" className="text-center text-3xl font-bold tracking-tight">
          Simple, Flat Pricing
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">
          One price for every unit. No hidden costs for maintenance or support.
        </p>
        <div className="mt-10 grid gap-6 lg:grid-cols-2">
          <Card className="border-2 border-primary">
            <CardHeader>
              <CardTitle>Monthly AC Rental</CardTitle>
              <CardDescription>Our standard plan for homes, apartments and offices.</CardDescription>
            </CardHeader>
            <CardContent className="flex-1 space-y-5">
              <Price amount={offer.monthly} per="month" size="xl" />
              <CheckList items={included} />
            </CardContent>
            <CardFooter>
              <ButtonLink href="/checkout?plan=monthly" size="lg" className="w-full">
                Start Monthly Rental
              </ButtonLink>
            </CardFooter>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Our Units</CardTitle>
              <CardDescription>Sized for your room, all at the same monthly price.</CardDescription>
            </CardHeader>
            <CardContent className="flex-1">{unitList}</CardContent>
            <CardFooter>
              <ButtonLink href="/catalog" variant="outline" className="w-full">
                View Catalog
              </ButtonLink>
            </CardFooter>
          </Card>
        </div>
      </div>
    </section>
  );
}
