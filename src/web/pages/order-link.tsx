import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'wouter';
import { PublicLayout } from '../components/layout/public-layout';
import { LoadError } from '../components/load-error';
import { PageSpinner } from '../components/ui/spinner';
import { useOrderLink } from '../features/order-link/api';
import { LinkClosed } from '../features/order-link/link-closed';
import { OrderDetails } from '../features/order-link/order-details';
import { SignAndPay } from '../features/order-link/sign-and-pay';
import { ApiError } from '../lib/api';
import { useDocumentTitle } from '../lib/use-document-title';
import { currentLocale, hasChosenLocale, setLocale } from '../i18n';

/**
 * /order/{orderId}?key=… (issue 29): the e-mailed link of an order the owner took by phone. While the link is open
 * the customer checks the order, signs the agreement and goes on to the payment page; otherwise the page says why
 * it cannot be used and gives the number to call.
 */
export default function OrderLinkPage() {
  const { orderId = '' } = useParams<{ orderId: string }>();
  const [searchParams] = useSearchParams();
  const key = searchParams.get('key') ?? '';
  const link = useOrderLink(orderId, key);
  const { t } = useTranslation('orderLink');
  useDocumentTitle(t('documentTitle'));
  const view = link.data;
  // The page reads in the customer's language, as their e-mail did, unless this browser chose one.
  useEffect(() => {
    if (view && !hasChosenLocale() && view.locale !== currentLocale()) void setLocale(view.locale);
  }, [view]);
  // A key that does not match answers 404, one that cannot be a key (or an id that cannot be one) 400: both mean
  // the link is not valid, as does an address without its key.
  const notFound = !key || (link.error instanceof ApiError && (link.error.status === 404 || link.error.status === 400));

  let content: ReactNode;
  if (notFound) content = <LinkClosed reason="invalid" />;
  else if (link.isPending) content = <PageSpinner label={t('loading')} />;
  else if (!view) {
    content = (
      <div className="mx-auto max-w-xl px-4 py-16">
        <h1 className="sr-only">{t('documentTitle')}</h1>
        <LoadError
          title={t('loadFailedTitle')}
          message={t('loadFailed')}
          onRetry={() => void link.refetch()}
          retrying={link.isFetching}
        />
      </div>
    );
  } else if (view.state !== 'open' || !view.order) {
    content = <LinkClosed reason={view.state === 'open' ? 'invalid' : view.state} orderNumber={view.orderNumber} />;
  } else {
    content = (
      <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
        <div className="grid gap-2">
          <h1 className="text-3xl font-bold tracking-tight break-words">
            {t('heading', { orderNumber: view.orderNumber })}
          </h1>
          <p className="text-muted-foreground">{t('intro')}</p>
        </div>
        <OrderDetails order={view.order} />
        <SignAndPay orderId={orderId} linkKey={key} order={view.order} />
      </div>
    );
  }
  return <PublicLayout>{content}</PublicLayout>;
}
