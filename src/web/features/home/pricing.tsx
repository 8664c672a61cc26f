import { CircleCheck } from 'lucide-react';
import { formatCents } from '@/contracts/money';
import { SiteLink } from '@/web/components/layout/site-link';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { tierDetails, useUnitModels } from '@/web/lib/unit-models';
import { offer } from '@/web/lib/offer';

const included = [
  `All units minimum ${offer.minimumBtu} BTU`,
  `${offer.minimumMonths}-month minimum for free delivery & installation (otherwise a ${offer.deliveryFee} fee)`,
  `Free delivery within ${offer.freeMiles} miles`,
  '24/7 support, free maintenance and repairs',
  'Free pickup at the end of your rental',
];

function ModelList() {
  const { data: models, isLoading, isError } = useUnitModels();
  if (isLoading) return <Spinner label="Loading units..." />;
  if (isError || !models?.length) {
    return <p className="text-muted-foreground">See the catalog for the units we have in stock.</p>;
  }
  return (
    <ul className="space-y-4">
      {models.map((model) => {
        const tier = tierDetails(model);
        return (
          <li key={model.id} className="rounded-lg border p-4">
            <p className="font-semibold">{model.name}</p>
            <p className="text-sm text-muted-foreground">{[tier.roomSize, tier.hose].filter(Boolean).join(' · ')}</p>
            <p className="mt-1 text-sm font-medium">
              from {formatCents(model.monthlyPrice, { wholeDollars: true })}/month
            </p>
          </li>
        );
      })}
    </ul>
  );
}

export function Pricing() {
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
              <p className="text-5xl font-bold">
                {offer.monthly}
                <span className="text-lg font-medium text-muted-foreground">/month</span>
              </p>
              <ul className="space-y-2">
                {included.map((item) => (
                  <li key={item} className="flex items-start gap-2">
                    <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
                    {item}
                  </li>
                ))}
              </ul>
            </CardContent>
            <CardFooter>
              <Button asChild size="lg" className="w-full">
                <SiteLink href="/checkout?plan=monthly">Start Monthly Rental</SiteLink>
              </Button>
            </CardFooter>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Our Units</CardTitle>
              <CardDescription>Sized for your room, all at the same monthly price.</CardDescription>
            </CardHeader>
            <CardContent className="flex-1">
              <ModelList />
            </CardContent>
            <CardFooter>
              <Button asChild variant="outline" className="w-full">
                <SiteLink href="/catalog">View Catalog</SiteLink>
              </Button>
            </CardFooter>
          </Card>
        </div>
      </div>
    </section>
  );
}
