import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { Brand } from '../components/layout/brand';
import { Button } from '../components/ui/button';
import { Card, CardContent } from '../components/ui/card';
import { PageSpinner } from '../components/ui/spinner';
import { usePaySession } from '../features/pay/api';
import { PaymentForm } from '../features/pay/payment-form';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * /pay/{sessionId}: the embedded payment provider's hosted page (used when Stripe is not configured). It takes
 * Stripe's test cards only, and doubles as the billing portal's card update.
 */
export default function PayPage() {
  const { sessionId = '' } = useParams<{ sessionId: string }>();
  const session = usePaySession(sessionId);
  const { t } = useTranslation('pay');
  useDocumentTitle(session.data?.kind === 'portal' ? t('documentTitlePortal') : t('documentTitle'));

  let content: ReactNode;
  if (session.isPending) content = <PageSpinner label={t('loading')} />;
  else if (!session.data) {
    content = <Message title={t('notFoundTitle')}>{t('notFoundText')}</Message>;
  } else if (session.data.status === 'complete') {
    content = (
      <Message title={session.data.kind === 'portal' ? t('cardUpdated') : t('paymentComplete')}>
        {session.data.completedUrl && (
          <Button asChild>
            <a href={session.data.completedUrl}>{t('continue')}</a>
          </Button>
        )}
      </Message>
    );
  } else if (session.data.status === 'expired') {
    content = (
      <Message title={t('expiredTitle')}>
        {t('expiredText')}{' '}
        <a href={session.data.cancelUrl} className="font-medium text-primary underline underline-offset-4">
          {t('startAgain')}
        </a>
      </Message>
    );
  } else {
    content = <PaymentForm view={session.data} />;
  }

  return (
    <div className="min-h-dvh bg-muted/40">
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-lg items-center justify-between px-4 py-4">
          <Brand />
          <span className="inline-flex items-center gap-1 text-sm text-muted-foreground">
            <Lock aria-hidden="true" className="size-4" /> {t('secure')}
          </span>
        </div>
      </header>
      <main className="mx-auto max-w-lg px-4 py-8">{content}</main>
    </div>
  );
}

function Message({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Card>
      <CardContent className="space-y-4 py-8 text-center">
        <h1 className="text-2xl font-bold">{title}</h1>
        <div className="text-muted-foreground">{children}</div>
      </CardContent>
    </Card>
  );
}
