import { Headset, MapPin, PackageCheck, Truck, Wrench, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { business } from '@/contracts/business';
import { HeadedSection } from '@/web/components/headed-section';

/**
 * What a customer can rely on, in a band under the hero: only promises the business keeps (spec section 1 and the
 * online cancellation of design.md), no ratings or reviews it does not have.
 */
const items = [
  { key: 'delivery', icon: Truck },
  { key: 'support', icon: Headset },
  { key: 'repairs', icon: Wrench },
  { key: 'cancel', icon: XCircle },
  { key: 'local', icon: MapPin },
  { key: 'pickup', icon: PackageCheck },
] as const;

export function TrustSignals() {
  const { t } = useTranslation('visuals');
  return (
    <HeadedSection
      id="trust-title"
      title={t('trust.title')}
      className="border-y bg-card"
      contentClassName="mx-auto max-w-6xl px-4 py-8 sm:px-6"
      titleClassName="sr-only"
    >
      <ul className="grid gap-x-6 gap-y-4 text-sm sm:grid-cols-2 lg:grid-cols-3">
        {items.map(({ key, icon: Icon }) => (
          <li key={key} className="flex items-center gap-3">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-secondary text-primary">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <span className="font-medium">{t(`trust.items.${key}`, { months: business.minimumMonths })}</span>
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}
