import { business } from '@/contracts/business';
import { formatCalendarDate } from '@/contracts/dates';
import type { Locale } from '@/contracts/locale';

/** Intl's name for a language when writing dates (Spanish as written in the US). */
export const intlLocale = (locale: Locale) => (locale === 'es' ? 'es-US' : 'en-US');

/** "June 4, 2026" / "4 de junio de 2026": a calendar day (YYYY-MM-DD) as a customer reads it. */
export function formatCalendarDateIn(locale: Locale, isoDate: string): string {
  if (locale === 'en') return formatCalendarDate(isoDate);
  return new Date(`${isoDate}T12:00:00Z`).toLocaleDateString(intlLocale(locale), {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** "Wednesday, November 25, 2026" / "miércoles, 25 de noviembre de 2026": a day with its weekday. */
export function formatLongDateIn(locale: Locale, isoDate: string): string {
  const weekday = new Date(`${isoDate}T12:00:00Z`).toLocaleDateString(intlLocale(locale), {
    weekday: 'long',
    timeZone: 'UTC',
  });
  return `${weekday}, ${formatCalendarDateIn(locale, isoDate)}`;
}

/**
 * "Saturday, November 28, 4:30 PM" / "sábado, 28 de noviembre, 4:30 p.m.": an instant on the business's clock (the
 * reader may be elsewhere), such as when a hold ends; `zone` adds its zone ("PST"), for an e-mail read anywhere.
 */
export function formatMomentIn(locale: Locale, at: Date | string, options: { zone?: boolean } = {}): string {
  return new Date(at).toLocaleString(intlLocale(locale), {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: business.timeZone,
    ...(options.zone ? { timeZoneName: 'short' } : {}),
  });
}
