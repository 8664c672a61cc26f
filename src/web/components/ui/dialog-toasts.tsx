import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/web/lib/utils';
import { holdToastsIn, useToasts } from './use-toast';

// Apart from the toaster (loaded with the first toast, ADR 027): every dialog renders this.

/** Scrolls a dialog's new toast into view (a stable callback: React calls it once, as the toast mounts). */
function revealOnce(element: HTMLElement | null): void {
  element?.scrollIntoView({ block: 'nearest' });
}

/**
 * The toasts of an open dialog (use-toast.ts), in the flow of its content: a refusal in the dialog's own words, never
 * over its buttons. Its live region (a log: each notice in turn, politely) is always there, so the first is announced.
 */
export function DialogToasts() {
  const { t } = useTranslation();
  const dialog = useId();
  // Mounted inside the dialog's content, which Radix mounts only while the dialog is open.
  useEffect(() => holdToastsIn(dialog), [dialog]);
  const toasts = useToasts().filter((item) => item.dialog === dialog && item.open);
  return (
    <div role="log" aria-label={t('ui.dialogMessages')} className="contents">
      {toasts.map(({ id, title, description, variant = 'default' }) => (
        <div
          key={id}
          role={variant === 'destructive' ? 'alert' : undefined}
          ref={revealOnce}
          className={cn(
            'grid gap-1 rounded-md border p-3 text-sm',
            variant === 'destructive' ? 'border-destructive bg-destructive/10 text-destructive' : 'bg-muted',
          )}
        >
          <p className="font-semibold">{title}</p>
          {description && <p>{description}</p>}
        </div>
      ))}
    </div>
  );
}
