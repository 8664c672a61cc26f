import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { business } from '@/contracts/business';
import { offer } from './offer';

/** Sets the tab title as "{page} · CoolRent OC" (the brand line for the home page, in the reader's language). */
export function useDocumentTitle(pageTitle?: string): void {
  const { t } = useTranslation();
  const homeTitle = t('homeTitle', { name: business.name, monthly: offer.monthly });
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${business.name}` : homeTitle;
  }, [pageTitle, homeTitle]);
}
