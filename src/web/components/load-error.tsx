import { CircleAlert, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './ui/button';

type LoadErrorProps = { title: string; message: string; onRetry: () => void; retrying?: boolean };

/** A failed load, said plainly, with a way to try again. */
export function LoadError({ title, message, onRetry, retrying = false }: LoadErrorProps) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-lg border border-destructive/40 p-8 text-center"
    >
      <CircleAlert aria-hidden="true" className="size-8 text-destructive" />
      <p className="text-lg font-semibold">{title}</p>
      <p className="max-w-md text-muted-foreground">{message}</p>
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        <RefreshCw aria-hidden="true" className={retrying ? 'animate-spin' : undefined} />
        {retrying ? t('ui.retrying') : t('ui.tryAgain')}
      </Button>
    </div>
  );
}
