import { Clock, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactDetails } from '../components/contact-details';
import { HeadedSection } from '../components/headed-section';
import { ButtonLink } from '../components/layout/button-link';
import { PageIntro } from '../components/layout/page-intro';
import { PublicLayout } from '../components/layout/public-layout';
import { Spinner } from '../components/ui/spinner';
import { ContactForm } from '../features/contact/contact-form';
import { useBusinessFacts } from '../i18n/business-facts';
import { useSiteInfo } from '../lib/site-info';
import { useDocumentTitle } from '../lib/use-document-title';

/** One card of the page, named by its heading. */
function ContactCard({
  id,
  title,
  className = 'rounded-xl border bg-card p-6',
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <HeadedSection id={id} title={title} className={className} titleClassName="text-xl font-semibold">
      {children}
    </HeadedSection>
  );
}

export function ContactPage() {
  const { t } = useTranslation('contact');
  const { officeHours } = useBusinessFacts();
  useDocumentTitle(t('documentTitle'));
  const { isLoading, isError } = useSiteInfo();
  return (
    <PublicLayout>
      <PageIntro title={t('title')}>{t('lead')}</PageIntro>
      <div className="mx-auto grid max-w-4xl gap-6 px-4 py-10 sm:px-6 md:grid-cols-2">
        <ContactCard id="reach-title" title={t('reachTitle')}>
          <div className="mt-4 space-y-3">
            {isLoading && <Spinner label={t('loadingDetails')} />}
            {isError && <p className="text-muted-foreground">{t('detailsFailed')}</p>}
            <ContactDetails linkClassName="font-medium text-primary" />
            <p className="flex items-center gap-2">
              <Clock aria-hidden="true" className="size-4" />
              {t('officeHours', { hours: officeHours })}
            </p>
            <p className="flex items-center gap-2">
              <MapPin aria-hidden="true" className="size-4" />
              {t('area')}
            </p>
            <p className="text-muted-foreground">{t('support')}</p>
          </div>
        </ContactCard>
        <ContactCard id="customers-title" title={t('customersTitle')}>
          <p className="mt-4 text-muted-foreground">{t('customersText')}</p>
          <ButtonLink href="/account-access" className="mt-6">
            {t('accessAccount')}
          </ButtonLink>
        </ContactCard>
        <ContactCard
          id="message-title"
          title={t('messageTitle')}
          className="relative rounded-xl border bg-card p-6 md:col-span-2"
        >
          <p className="mt-2 mb-4 text-muted-foreground">{t('messageLead')}</p>
          <ContactForm />
        </ContactCard>
      </div>
    </PublicLayout>
  );
}
