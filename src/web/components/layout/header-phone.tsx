import { Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { telHref, useSiteInfo } from '@/web/lib/site-info';

const linkClass =
  'items-center justify-center rounded-md text-sm font-medium outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60';

/**
 * The business's phone in the header: the number as a tel: link on wide screens, a call button on smaller ones.
 * Its box is reserved before the site info arrives, so the header does not shift when the number appears.
 */
export function HeaderPhone() {
  const { t } = useTranslation('visuals');
  const { data } = useSiteInfo();
  if (!data) {
    return (
      <>
        <span aria-hidden="true" className="hidden h-9 w-36 lg:inline-block" />
        <span aria-hidden="true" className="inline-block size-9 shrink-0 lg:hidden" />
      </>
    );
  }
  const label = t('phone.call', { phone: data.phone });
  return (
    <>
      <a href={telHref(data.phone)} aria-label={label} className={`${linkClass} hidden h-9 w-36 gap-2 lg:inline-flex`}>
        <Phone aria-hidden="true" className="size-4 text-primary" />
        <span className="whitespace-nowrap">{data.phone}</span>
      </a>
      <a
        href={telHref(data.phone)}
        aria-label={label}
        title={label}
        className={`${linkClass} inline-flex size-9 shrink-0 lg:hidden`}
      >
        <Phone aria-hidden="true" className="size-5 text-primary" />
      </a>
    </>
  );
}
