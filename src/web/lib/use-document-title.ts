import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { business } from '@/contracts/business';
import { offer } from './offer';

/** Given by the server's render (src/web/entry-server.tsx) only, so a rendered page carries its own title. */
export const DocumentTitleSink = createContext<((title: string) => void) | null>(null);

/** Sets the tab title as "{page} · CoolRent OC" (the brand line for the home page, in the reader's language). */
export function useDocumentTitle(pageTitle?: string): void {
  const { t } = useTranslation();
  const title = pageTitle
    ? `${pageTitle} · ${business.name}`
    : t('homeTitle', { name: business.name, monthly: offer.monthly });
  // Only the server render provides the sink; in the browser the title is set after render.
  useContext(DocumentTitleSink)?.(title);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
