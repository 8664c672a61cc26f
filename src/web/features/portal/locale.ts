import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { account as accountEn } from '@/i18n/en/account';
import type { Locale } from '@/contracts/locale';
import { localeOrDefault } from '@/i18n/locale';
import { apiRequest } from '@/web/lib/api';

/** The language the portal is shown in now (re-renders when the reader switches). */
export function usePortalLocale(): Locale {
  const { i18n } = useTranslation();
  return localeOrDefault(i18n.language);
}

/**
 * A signed-in customer's language choice follows them: when they switch language in the portal, it is saved on
 * their account (PUT /api/portal/locale), so their e-mails come in it (ADR 026). The first render saves nothing.
 */
export function useSaveLocaleChoice(enabled: boolean): void {
  const locale = usePortalLocale();
  const shown = useRef(locale);
  useEffect(() => {
    if (!enabled || shown.current === locale) return;
    shown.current = locale;
    apiRequest('PUT', '/api/portal/locale', { locale }).catch(() => {
      // Not worth interrupting the page: the choice still applies in this browser (cookie `lang`).
    });
  }, [enabled, locale]);
}

/** The contracts' English field messages of the sign-in forms, in the reader's language when the catalog has them. */
export function useAccountFieldError(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('account');
  return (message) =>
    message === accountEn.errors.orderNumberRequired
      ? t('errors.orderNumberRequired')
      : message === accountEn.errors.emailInvalid
        ? t('errors.emailInvalid')
        : message;
}
