import { Clock, MapPin } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { business } from '@/contracts/business';
import type { Resources } from '@/i18n/en';
import { ContactDetails } from '../contact-details';
import { IconText } from '../icon-text';
import { Brand } from './brand';
import { SiteLink } from './site-link';

// Spec section 2: the footer links.
const rentalLinks = [
  { href: '/monthly', label: 'footer.monthlyRentals' },
  { href: '/weekly', label: 'footer.weeklyRentals' },
  { href: '/#delivery', label: 'footer.delivery' },
] as const;

const helpLinks = [
  { href: '/#support', label: 'footer.support' },
  { href: '/#faq', label: 'footer.faq' },
  { href: '/contact', label: 'footer.contact' },
  { href: '/terms', label: 'footer.terms' },
] as const;

const officeFacts = [
  { icon: Clock, label: 'footer.hours', text: 'facts.officeHours' },
  { icon: MapPin, label: 'footer.area', text: 'facts.area' },
] as const;

type FooterKey = `footer.${keyof Resources['common']['footer']}`;

const linkClass = 'rounded-sm hover:underline outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60';

type FooterNavProps = {
  id: string;
  title: string;
  links: readonly { href: string; label: FooterKey }[];
  children?: ReactNode;
};

/** A titled group of footer links (a navigation landmark named by its heading). */
function FooterNav({ id, title, links, children }: FooterNavProps) {
  const { t } = useTranslation();
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-sm font-semibold">
        {title}
      </h2>
      <ul className="space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.href}>
            <SiteLink href={link.href} className={linkClass}>
              {t(link.label)}
            </SiteLink>
          </li>
        ))}
      </ul>
      {children}
    </nav>
  );
}

// Memoized: the page around it renders again as its data arrives (the checkout's stock, each answer at once); this
// part has nothing of it.
export const SiteFooter = memo(function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="border-t bg-muted">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-4 py-10 sm:px-6 lg:grid-cols-4">
        <div className="col-span-2 space-y-3 lg:col-span-1">
          <Brand />
          <p className="text-sm text-muted-foreground">{t('footer.tagline')}</p>
        </div>
        <FooterNav id="footer-rentals" title={t('footer.rentals')} links={rentalLinks} />
        <FooterNav id="footer-help" title={t('footer.help')} links={helpLinks}>
          <p className="mt-4 text-sm">
            <span className="block text-muted-foreground">{t('footer.existingCustomers')}</span>
            <SiteLink href="/account-access" className={`${linkClass} font-medium text-primary`}>
              {t('footer.accessAccount')}
            </SiteLink>
          </p>
        </FooterNav>
        <div className="col-span-2 sm:col-span-1">
          <h2 className="mb-3 text-sm font-semibold">{t('footer.contact')}</h2>
          <ContactDetails className="text-sm" />
          <ul className="mt-2 space-y-2 text-sm">
            {officeFacts.map(({ icon, label, text }) => (
              <li key={label} className="flex items-center gap-2">
                <IconText icon={icon} label={t(label)}>
                  {t(text)}
                </IconText>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-muted-foreground sm:px-6">
          {t('footer.copyright', { year: new Date().getFullYear(), name: business.name })}
        </p>
      </div>
    </footer>
  );
});
