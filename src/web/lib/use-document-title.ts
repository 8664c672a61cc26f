import { useEffect } from 'react';
import { business } from '@/contracts/business';
import { formatCents } from '@/contracts/money';

const homeTitle = `${business.name} · Portable AC Rentals from ${formatCents(business.monthlyPriceCents, { wholeDollars: true })}/month`;

/** Sets the tab title as "{page} · CoolRent OC" (the brand line for the home page). */
export function useDocumentTitle(pageTitle?: string): void {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${business.name}` : homeTitle;
  }, [pageTitle]);
}
