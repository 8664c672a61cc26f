import { ShieldCheck, Truck, Wrench } from 'lucide-react';
import { HeroArt } from '../components/hero-art';
import { ButtonLink } from '../components/layout/button-link';
import { PublicLayout } from '../components/layout/public-layout';
import { UnitModelPriceList } from '../features/catalog/unit-model-price-list';
import { DeliveryAndSupport } from '../features/home/delivery-and-support';
import { Faq } from '../features/home/faq';
import { HowItWorks } from '../features/home/how-it-works';
import { Pricing } from '../features/home/pricing';
import { ServiceArea } from '../features/home/service-area';
import { TrustSignals } from '../features/home/trust-signals';
import { offer } from '../lib/offer';
import { useDeliveryTerms } from '../lib/service-area';
import { useDocumentTitle } from '../lib/use-document-title';

const featuresFor = (freeMiles: number) => [
  {
    icon: Truck,
    title: 'Delivered & Installed',
    text: `Free delivery within ${freeMiles} miles. We set the unit up and vent it properly, so it cools from day one.`,
  },
  {
    icon: Wrench,
    title: 'Maintenance Included',
    text: 'Free maintenance and repairs for as long as you rent. If a unit fails, we fix or replace it.',
  },
  {
    icon: ShieldCheck,
    title: '24/7 Support',
    text: 'Heat waves do not keep office hours. Reach our support team any time, day or night.',
  },
];

function Hero() {
  return (
    <div className="bg-linear-to-b from-secondary to-background">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 sm:px-6 sm:py-24 md:grid-cols-[3fr_2fr]">
        <div>
          <h1 className="max-w-3xl text-3xl font-bold tracking-tight sm:text-5xl">
            Portable AC Rentals in Orange County & South LA
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-muted-foreground">
            Stay cool for {offer.monthly} a month. Every unit delivers at least {offer.minimumBtu} BTU, with free
            delivery and installation on a {offer.minimumMonths}-month rental and 24/7 support.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink href="/checkout?plan=monthly" size="lg">
              Rent Now for {offer.monthly}/month
            </ButtonLink>
            <ButtonLink href="/catalog" size="lg" variant="outline">
              Browse Units
            </ButtonLink>
          </div>
        </div>
        <HeroArt className="hidden md:block" />
      </div>
    </div>
  );
}

function Features() {
  const features = featuresFor(useDeliveryTerms().freeMiles);
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <h2 id="features-title" className="text-center text-3xl font-bold tracking-tight">
        Why Rent With Us
      </h2>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {features.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-xl border bg-card p-6">
            <Icon aria-hidden="true" className="size-8 text-primary" />
            <h3 className="mt-3 text-lg font-semibold">{title}</h3>
            <p className="mt-2 text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ClosingCallToAction() {
  return (
    <section aria-labelledby="cta-title" className="bg-brand-dark text-brand-dark-foreground">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-5 px-4 py-16 text-center sm:px-6">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight">
          Ready to Beat the Heat?
        </h2>
        <p className="max-w-xl text-lg">
          Reserve your unit in a few minutes. We will call to schedule delivery and have you cool in no time.
        </p>
        <ButtonLink href="/checkout" size="lg" variant="secondary">
          Rent Now
        </ButtonLink>
      </div>
    </section>
  );
}

export function HomePage() {
  useDocumentTitle();
  const { freeMiles } = useDeliveryTerms();
  return (
    <PublicLayout>
      <p className="bg-brand-dark px-4 py-2 text-center text-sm font-medium text-brand-dark-foreground">
        Heat wave? Units are ready now: {offer.monthly}/month with free delivery within {freeMiles} miles.
      </p>
      <Hero />
      <TrustSignals />
      <Pricing unitList={<UnitModelPriceList />} />
      <HowItWorks />
      <Features />
      <ServiceArea />
      <DeliveryAndSupport />
      <Faq />
      <ClosingCallToAction />
    </PublicLayout>
  );
}
