import { Clock, MapPin } from 'lucide-react';
import { business } from '@/contracts/business';
import { ContactDetails } from '../components/contact-details';
import { ButtonLink } from '../components/layout/button-link';
import { PageIntro } from '../components/layout/page-intro';
import { PublicLayout } from '../components/layout/public-layout';
import { Spinner } from '../components/ui/spinner';
import { ContactForm } from '../features/contact/contact-form';
import { useSiteInfo } from '../lib/site-info';
import { useDocumentTitle } from '../lib/use-document-title';

export function ContactPage() {
  useDocumentTitle('Contact');
  const { isLoading, isError } = useSiteInfo();
  return (
    <PublicLayout>
      <PageIntro title="Contact Us">Questions about a rental, delivery or your unit? We are here to help.</PageIntro>
      <div className="mx-auto grid max-w-4xl gap-6 px-4 py-10 sm:px-6 md:grid-cols-2">
        <section aria-labelledby="reach-title" className="rounded-xl border bg-card p-6">
          <h2 id="reach-title" className="text-xl font-semibold">
            Reach Us
          </h2>
          <div className="mt-4 space-y-3">
            {isLoading && <Spinner label="Loading contact details..." />}
            {isError && <p className="text-muted-foreground">Phone and e-mail details could not be loaded.</p>}
            <ContactDetails linkClassName="font-medium text-primary" />
            <p className="flex items-center gap-2">
              <Clock aria-hidden="true" className="size-4" />
              Office hours: {business.officeHours}
            </p>
            <p className="flex items-center gap-2">
              <MapPin aria-hidden="true" className="size-4" />
              Orange County and South Los Angeles
            </p>
            <p className="text-muted-foreground">Technical support is available 24/7.</p>
          </div>
        </section>
        <section aria-labelledby="customers-title" className="rounded-xl border bg-card p-6">
          <h2 id="customers-title" className="text-xl font-semibold">
            Existing Customers
          </h2>
          <p className="mt-4 text-muted-foreground">
            See your rental, next bill and delivery details, or request a cancellation, in your rental account.
          </p>
          <ButtonLink href="/account-access" className="mt-6">
            Access your rental account
          </ButtonLink>
        </section>
        <section aria-labelledby="message-title" className="relative rounded-xl border bg-card p-6 md:col-span-2">
          <h2 id="message-title" className="text-xl font-semibold">
            Send Us a Message
          </h2>
          <p className="mt-2 mb-4 text-muted-foreground">We reply by e-mail or phone within one business day.</p>
          <ContactForm />
        </section>
      </div>
    </PublicLayout>
  );
}
