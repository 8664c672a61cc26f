import { Mail, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/utils';
import { telHref, useSiteInfo } from '../lib/site-info';
import { IconText } from './icon-text';

/** Phone and e-mail links; renders nothing until the site info has loaded (or if it cannot be loaded). */
export function ContactDetails({ className, linkClassName }: { className?: string; linkClassName?: string }) {
  const { t } = useTranslation();
  const { data } = useSiteInfo();
  if (!data) return null;
  const links = [
    { href: telHref(data.phone), icon: Phone, label: t('ui.phone'), text: data.phone },
    { href: `mailto:${data.email}`, icon: Mail, label: t('ui.email'), text: data.email },
  ];
  return (
    <ul className={cn('space-y-2', className)}>
      {links.map(({ href, icon, label, text }) => (
        <li key={label}>
          <a href={href} className={cn('inline-flex items-center gap-2 hover:underline', linkClassName)}>
            <IconText icon={icon} label={label}>
              {text}
            </IconText>
          </a>
        </li>
      ))}
    </ul>
  );
}
