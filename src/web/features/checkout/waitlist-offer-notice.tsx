import { CircleAlert, Clock, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { localeOrDefault } from '@/i18n/locale';
import { cn } from '@/web/lib/utils';
import { formatMomentIn } from '@/i18n/format';
import type { OfferNotice } from './waitlist-offer';

/**
 * Over the checkout opened from a waitlist offer's link: the unit held and until when (Los Angeles time), with the
 * e-mail to check out with; or that the offer ended, or that the link is not ours. One live region whose text follows
 * the answer. It keeps the room of its longest text from its first frame, so the form below does not move when the
 * answer arrives.
 */
export function WaitlistOfferNotice({ notice }: { notice: OfferNotice }) {
  const { t, i18n } = useTranslation('checkout');
  const locale = localeOrDefault(i18n.language);
  const held = notice.kind === 'held';
  const Icon = notice.kind === 'checking' ? LoaderCircle : held ? Clock : CircleAlert;
  let text: string;
  if (notice.kind === 'held') {
    text = notice.heldUntil
      ? t('waitlistOffer.held', { model: notice.modelName, time: formatMomentIn(locale, notice.heldUntil) })
      : t('waitlistOffer.heldNoTime', { model: notice.modelName });
  } else {
    text = t(`waitlistOffer.${notice.kind}`);
  }
  return (
    <div
      role="status"
      className={cn(
        'flex min-h-40 items-center gap-3 rounded-lg border p-4 text-sm sm:min-h-24',
        held ? 'border-primary/40 bg-primary/5 font-medium' : 'border-input bg-secondary',
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn('size-5 shrink-0 text-primary', notice.kind === 'checking' && 'animate-spin')}
      />
      <p>{text}</p>
    </div>
  );
}
