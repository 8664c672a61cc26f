import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@/contracts/locale';
import { LOCALE_NAMES } from '@/i18n/locale';
import { Button } from '../components/ui/button';
import { useHydrated } from '../lib/use-hydrated';
import { currentLocale, setLocale } from './index';

/**
 * One button that offers the other language, named in that language ("Español" / "English") so a reader of
 * either finds it. The choice applies at once and is remembered. On a phone it is in the menu (site-header.tsx).
 * Disabled until the page is hydrated: before that a click would do nothing, and the page's scripts load only
 * after its first paint (ADR 027).
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const other: Locale = currentLocale() === 'es' ? 'en' : 'es';
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      disabled={!hydrated}
      className={className}
      onClick={() => void setLocale(other)}
      title={t('language.switchTo')}
    >
      <Languages aria-hidden="true" className="size-4" />
      <span lang={other}>{LOCALE_NAMES[other]}</span>
    </Button>
  );
}
