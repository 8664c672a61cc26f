import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES, type Locale } from '@/i18n/locale';
import { Button } from '../components/ui/button';
import { currentLocale, setLocale } from './index';

/**
 * One button that offers the other language, named in that language ("Español" / "English") so a reader of
 * either finds it. The choice applies at once and is remembered.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const other: Locale = currentLocale() === 'es' ? 'en' : 'es';
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      className={className}
      onClick={() => void setLocale(other)}
      title={t('language.switchTo')}
    >
      <Languages aria-hidden="true" className="size-4" />
      <span lang={other}>{LOCALE_NAMES[other]}</span>
    </Button>
  );
}
