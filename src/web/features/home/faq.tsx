import type { TFunction } from 'i18next';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { HomeSection } from './home-section';
import { useBusinessFacts } from '@/web/i18n/business-facts';
import { offer } from '@/web/lib/offer';
import { useDeliveryTerms } from '@/web/lib/service-area';

type DeliveryTerms = ReturnType<typeof useDeliveryTerms>;

/** The answers, the delivery ones worded from the owner's service-area settings. */
function questionsFor(t: TFunction<'home'>, terms: DeliveryTerms) {
  return [
    {
      q: t('faq.costQ'),
      a: t('faq.costA', { monthly: offer.monthly, btu: offer.minimumBtu }),
    },
    {
      q: t('faq.minimumQ'),
      a: t('faq.minimumA', { months: offer.minimumMonths, total: offer.minimumTotal, fee: offer.deliveryFee }),
    },
    {
      q: t('faq.deliveryQ'),
      a:
        t('faq.deliveryArea') +
        (terms.radiusMiles && terms.depotCity
          ? t('faq.deliveryRadius', { radius: terms.radiusMiles, city: terms.depotCity })
          : '') +
        t('faq.deliveryFree', { miles: terms.freeMiles }) +
        (terms.charge && terms.radiusMiles
          ? t('faq.deliveryCharge', { radius: terms.radiusMiles, charge: terms.charge })
          : '') +
        t('faq.deliveryEnd'),
    },
    { q: t('faq.dormQ'), a: t('faq.dormA') },
    { q: t('faq.repairQ'), a: t('faq.repairA') },
    {
      q: t('faq.cancelQ'),
      a: t('faq.cancelA', { months: offer.minimumMonths, fee: offer.earlyTerminationFee, days: offer.noticeDays }),
    },
    { q: t('faq.weeklyQ'), a: t('faq.weeklyA') },
    { q: t('faq.installQ'), a: t('faq.installA') },
  ];
}

export function Faq() {
  const { t } = useTranslation('home');
  const { officeHours } = useBusinessFacts();
  const questions = questionsFor(t, useDeliveryTerms());
  return (
    <HomeSection id="faq-title" anchor="faq" title={t('faq.title')} muted narrow>
      <p className="mt-3 text-center text-muted-foreground">{t('faq.lead', { hours: officeHours })}</p>
      <div className="mt-8 space-y-3">
        {questions.map(({ q, a }) => (
          <details key={q} className="group rounded-lg border bg-card">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-lg p-4 font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 [&::-webkit-details-marker]:hidden">
              <span>{q}</span>
              <ChevronDown aria-hidden="true" className="size-5 shrink-0 transition-transform group-open:rotate-180" />
            </summary>
            <p className="px-4 pb-4 text-muted-foreground">{a}</p>
          </details>
        ))}
      </div>
    </HomeSection>
  );
}
