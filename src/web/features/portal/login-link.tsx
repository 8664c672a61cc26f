import { useTranslation } from 'react-i18next';
import { KeyRound, MailCheck, MailWarning } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { Button } from '@/web/components/ui/button';
import { ApiError } from '@/web/lib/api';
import { useContinueWithLink, useResendLoginLink } from './sign-in-api';

const linkClass = 'font-medium text-primary underline underline-offset-4';

/**
 * Where an e-mailed one-time link lands. Opening it spends nothing (mail scanners fetch links before people do):
 * only "Continue to your rental" uses it up. A used or expired link offers to e-mail a fresh one.
 */
export function LoginLink({ token }: { token: string }) {
  const [, navigate] = useLocation();
  const spend = useContinueWithLink(token, { onSuccess: (orderId) => navigate(`/portal/${orderId}`) });
  const resend = useResendLoginLink(token);
  const used = spend.error instanceof ApiError && spend.error.status === 410;
  const { t } = useTranslation('account');

  if (used) {
    return (
      <Panel
        icon={<MailWarning aria-hidden="true" className="size-12 text-muted-foreground" />}
        title={t('link.expiredTitle')}
      >
        <p className="mt-3 text-muted-foreground">
          {t('link.used')} {t('link.offer')}
        </p>
        {resend.isSuccess ? (
          <p role="status" className="mt-6 flex items-center justify-center gap-2 font-medium">
            <MailCheck aria-hidden="true" className="size-5 text-primary" />
            {t('link.freshSent')}
          </p>
        ) : (
          <div className="mt-8 flex flex-col items-center gap-3">
            {resend.error && (
              <p role="alert" className="text-sm font-medium text-destructive">
                {resend.error.message}
              </p>
            )}
            <Button size="lg" onClick={() => resend.mutate()} disabled={resend.isPending}>
              {resend.isPending ? t('link.sending') : t('link.sendNew')}
            </Button>
          </div>
        )}
        <p className="mt-8 text-sm text-muted-foreground">
          {t('link.or')}{' '}
          <Link href="/account-access" className={linkClass}>
            {t('link.accessAccount')}
          </Link>{' '}
          {t('link.withOrderNumber')}
        </p>
      </Panel>
    );
  }

  return (
    <Panel icon={<KeyRound aria-hidden="true" className="size-12 text-muted-foreground" />} title={t('link.title')}>
      <p className="mt-3 text-muted-foreground">{t('link.intro')}</p>
      {spend.error && (
        <p role="alert" className="mt-6 text-sm font-medium text-destructive">
          {spend.error.message}
        </p>
      )}
      <Button size="lg" className="mt-8" onClick={() => spend.mutate()} disabled={spend.isPending}>
        {spend.isPending ? t('link.signingIn') : t('link.continue')}
      </Button>
    </Panel>
  );
}

function Panel({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      {icon}
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}
