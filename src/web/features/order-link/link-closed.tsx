import { CircleAlert, CircleCheck, Phone } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { OrderLinkState } from '@/contracts/phone-orders';
import { Button } from '@/web/components/ui/button';
import { telHref, useSiteInfo } from '@/web/lib/site-info';

/** Why a link cannot be used: one of the API's states, or 'invalid' (no key, or a key that does not match: 404). */
export type ClosedLinkReason = Exclude<OrderLinkState, 'open'> | 'invalid';

const texts = {
  used: { title: 'closed.usedTitle', text: 'closed.used' },
  expired: { title: 'closed.expiredTitle', text: 'closed.expired' },
  released: { title: 'closed.releasedTitle', text: 'closed.released' },
  replaced: { title: 'closed.replacedTitle', text: 'closed.replaced' },
  invalid: { title: 'closed.invalidTitle', text: 'closed.invalid' },
} as const satisfies Record<ClosedLinkReason, { title: string; text: string }>;

/**
 * A link that no longer leads to payment says why, plainly, and gives the number to call: the owner can take the
 * order again (or, once paid, answer questions about the rental, which is managed from /account-access).
 */
export function LinkClosed({ reason, orderNumber }: { reason: ClosedLinkReason; orderNumber?: string | undefined }) {
  const { t } = useTranslation('orderLink');
  const site = useSiteInfo().data;
  const paid = reason === 'used';
  const Icon = paid ? CircleCheck : CircleAlert;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <Icon aria-hidden="true" className={paid ? 'size-12 text-primary' : 'size-12 text-muted-foreground'} />
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{t(texts[reason].title)}</h1>
      {orderNumber && <p className="mt-2 font-mono text-sm text-muted-foreground">{orderNumber}</p>}
      <p className="mt-3 text-lg">{t(texts[reason].text)}</p>
      {paid && (
        <Button asChild className="mt-6">
          <Link href="/account-access">{t('closed.manage')}</Link>
        </Button>
      )}
      {site && (
        <p className="mt-6 inline-flex flex-wrap items-center justify-center gap-2 text-muted-foreground">
          <Phone aria-hidden="true" className="size-4" />
          <span>
            <Trans
              t={t}
              i18nKey={paid ? 'closed.questions' : 'closed.callUs'}
              values={{ phone: site.phone }}
              components={{
                phone: (
                  <a
                    href={telHref(site.phone)}
                    className="font-medium whitespace-nowrap text-primary underline underline-offset-4"
                  />
                ),
              }}
            />
          </span>
        </p>
      )}
    </div>
  );
}
