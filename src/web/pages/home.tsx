import { ShieldCheck, Truck, Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { HeadedSection } from '../components/headed-section';
import { HeroArt } from '../components/hero-art';
import { ButtonLink } from '../components/layout/button-link';
import { PublicLayout } from '../components/layout/public-layout';
import { UnitModelPriceList } from '../features/catalog/unit-model-price-list';
import { DeliveryAndSupport } from '../features/home/delivery-and-support';
import { Faq } from '../features/home/faq';
import { HomeSection } from '../features/home/home-section';
import { HowItWorks } from '../features/home/how-it-works';
import { Pricing } from '../features/home/pricing';
import { ServiceArea } from '../features/home/service-area';
import { TrustSignals } from '../features/home/trust-signals';
import { offer } from '../lib/offer';
import { useDeliveryTerms } from '../lib/service-area';
import { useDocumentTitle } from '../lib/use-document-title';

const features = [
  { icon: Truck, title: 'features.deliveredTitle', text: 'features.deliveredText' },
  { icon: Wrench, title: 'features.maintenanceTitle', text: 'features.maintenanceText' },
  { icon: ShieldCheck, title: 'features.supportTitle', text: 'features.supportText' },
] as const;

function Hero() {
  const { t } = useTranslation('home');
  return (
    <div className="bg-linear-to-b from-secondary to-background">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 sm:px-6 sm:py-24 md:grid-cols-[3fr_2fr]">
        <div>
          <h1 className="max-w-3xl text-3xl font-bold tracking-tight sm:text-5xl">{t('hero.title')}</h1>
          <p className="mt-5 max-w-2xl text-lg text-muted-foreground">
            {t('hero.lead', { monthly: offer.monthly, btu: offer.minimumBtu, months: offer.minimumMonths })}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink href="/checkout?plan=monthly" size="lg">
              {t('hero.rentNow', { monthly: offer.monthly })}
            </ButtonLink>
            <ButtonLink href="/catalog" size="lg" variant="outline">
              {t('hero.browse')}
            </ButtonLink>
          </div>
        </div>
        <HeroArt className="hidden md:block" />
      </div>
    </div>
  );
}

function Features() {
  const { t } = useTranslation('home');
  const miles = useDeliveryTerms().freeMiles;
  return (
    <HomeSection id="features-title" title={t('features.title')}>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {features.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-xl border bg-card p-6">
            <Icon aria-hidden="true" className="size-8 text-primary" />
            <h3 className="mt-3 text-lg font-semibold">{t(title)}</h3>
            <p className="mt-2 text-muted-foreground">{t(text, { miles })}</p>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}

function ClosingCallToAction() {
  const { t } = useTranslation('home');
  return (
    <HeadedSection
      id="cta-title"
      title={t('cta.title')}
      className="bg-brand-dark text-brand-dark-foreground"
      contentClassName="mx-auto flex max-w-6xl flex-col items-center gap-5 px-4 py-16 text-center sm:px-6"
      titleClassName="text-3xl font-bold tracking-tight"
    >
      <p className="max-w-xl text-lg">{t('cta.text')}</p>
      <ButtonLink href="/checkout" size="lg" variant="secondary">
        {t('cta.rentNow')}
      </ButtonLink>
    </HeadedSection>
  );
}

export function HomePage() {
  useDocumentTitle();
  const { t } = useTranslation('home');
  const { freeMiles } = useDeliveryTerms();
  return (
    <PublicLayout>
      <p className="bg-brand-dark px-4 py-2 text-center text-sm font-medium text-brand-dark-foreground">
        {t('banner', { monthly: offer.monthly, miles: freeMiles })}
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
