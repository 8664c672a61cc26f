import { Headset, Truck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ContactDetails } from '@/web/components/contact-details';
import { TextLink } from '@/web/components/layout/site-link';
import { useBusinessFacts } from '@/web/i18n/business-facts';
import { offer } from '@/web/lib/offer';
import { useDeliveryTerms } from '@/web/lib/service-area';

const panel = 'scroll-mt-20 rounded-xl border bg-card p-6 sm:p-8';

export function DeliveryAndSupport() {
  const { t } = useTranslation('home');
  const terms = useDeliveryTerms();
  const { officeHours } = useBusinessFacts();
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-16 sm:px-6 md:grid-cols-2">
      <section id="delivery" aria-labelledby="delivery-title" className={panel}>
        <Truck aria-hidden="true" className="size-8 text-primary" />
        <h2 id="delivery-title" className="mt-3 text-2xl font-bold tracking-tight">
          {t('delivery.title')}
        </h2>
        <ul className="mt-4 list-disc space-y-2 pl-5 text-muted-foreground">
          <li>{t('delivery.free', { miles: terms.freeMiles })}</li>
          {terms.charge && terms.radiusMiles && (
            <li>{t('delivery.charge', { miles: terms.freeMiles, radius: terms.radiusMiles, charge: terms.charge })}</li>
          )}
          <li>{t('delivery.installation', { months: offer.minimumMonths, fee: offer.deliveryFee })}</li>
          <li>{t('delivery.call')}</li>
          <li>{t('delivery.pickup')}</li>
        </ul>
      </section>
      <section id="support" aria-labelledby="support-title" className={panel}>
        <Headset aria-hidden="true" className="size-8 text-primary" />
        <h2 id="support-title" className="mt-3 text-2xl font-bold tracking-tight">
          {t('support.title')}
        </h2>
        <p className="mt-4 text-muted-foreground">{t('support.text', { hours: officeHours })}</p>
        <ContactDetails className="mt-4" linkClassName="font-medium text-primary" />
        <p className="mt-4 text-muted-foreground">
          {t('support.alreadyRenting')} <TextLink href="/account-access">{t('support.accessAccount')}</TextLink>
        </p>
      </section>
    </div>
  );
}
