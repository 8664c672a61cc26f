import { business } from '@/contracts/business';
import { formatCents } from '@/contracts/money';

/** An instant (ISO string) as the business's calendar day: "Jun 1, 2026". */
export function formatInstantDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: business.timeZone,
  });
}

/** An instant with its time: "Jun 1, 2026, 3:04 PM". */
export function formatInstant(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: business.timeZone,
  });
}

export function formatPrice(priceCents: number, planType: string): string {
  return `${formatCents(priceCents)}/${planType === 'weekly' ? 'wk' : 'mo'}`;
}
