import { useTranslation } from 'react-i18next';

/**
 * "Skip to main content": the first Tab stop of a page, shown only when focused. It moves focus to the main
 * landmark (which needs tabIndex -1) without changing the URL's hash.
 */
export function SkipLink({ targetId }: { targetId: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={`#${targetId}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(targetId)?.focus();
      }}
      className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {t('skipToContent')}
    </a>
  );
}
