import { Clock, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { business } from '@/contracts/business';
import { ContactDetails } from '../contact-details';
import { IconText } from '../icon-text';
import { Brand } from './brand';
import { SiteLink } from './site-link';

// Spec section 2: the footer links.
const rentalLinks = [
  { href: '/monthly', label: 'Monthly Rentals' },
  { href: '/weekly', label: 'Weekly Rentals' },
  { href: '/#delivery', label: 'Delivery' },
] as const;

const helpLinks = [
  { href: '/#support', label: 'Support' },
  { href: '/#faq', label: 'FAQ' },
  { href: '/contact', label: 'Contact' },
  { href: '/terms', label: 'Terms' },
] as const;

const officeFacts = [
  { icon: Clock, label: 'Hours', text: business.officeHours },
  { icon: MapPin, label: 'Area', text: business.area },
];

const linkClass = 'rounded-sm hover:underline outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60';

type FooterNavProps = {
  id: string;
  title: string;
  links: readonly { href: string; label: string }[];
  children?: ReactNode;
};

/** A titled group of footer links (a navigation landmark named by its heading). */
function FooterNav({ id, title, links, children }: FooterNavProps) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-sm font-semibold">
        {title}
      </h2>
      <ul className="space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.href}>
            <SiteLink href={link.href} className={linkClass}>
              {link.label}
            </SiteLink>
          </li>
        ))}
      </ul>
      {children}
    </nav>
  );
}

export function SiteFooter() {
  return (
    <footer className="border-t bg-muted">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-4 py-10 sm:px-6 lg:grid-cols-4">
        <div className="col-span-2 space-y-3 lg:col-span-1">
          <Brand />
          <p className="text-sm text-muted-foreground">
            Portable air conditioner rentals for Orange County and South LA, delivered and installed.
          </p>
        </div>
        <FooterNav id="footer-rentals" title="Rentals" links={rentalLinks} />
        <FooterNav id="footer-help" title="Help" links={helpLinks}>
          <p className="mt-4 text-sm">
            <span className="block text-muted-foreground">Existing customers</span>
            <SiteLink href="/account-access" className={`${linkClass} font-medium text-primary`}>
              Access your rental account
            </SiteLink>
          </p>
        </FooterNav>
        <div className="col-span-2 sm:col-span-1">
          <h2 className="mb-3 text-sm font-semibold">Contact</h2>
          <ContactDetails className="text-sm" />
          <ul className="mt-2 space-y-2 text-sm">
            {officeFacts.map(({ icon, label, text }) => (
              <li key={label} className="flex items-center gap-2">
                <IconText icon={icon} label={label}>
                  {text}
                </IconText>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-muted-foreground sm:px-6">
          © {new Date().getFullYear()} {business.name}. Support available 24/7.
        </p>
      </div>
    </footer>
  );
}
