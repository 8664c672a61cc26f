import { CircleCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerMessage } from '@/web/i18n/server-message';
import type { UnitModelSummary } from '@/contracts/catalog';
import { Button } from '@/web/components/ui/button';
import { DialogFrame } from '@/web/components/dialog-frame';
import { DialogClose, DialogFooter } from '@/web/components/ui/dialog';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { ApiError } from '@/web/lib/api';
import { useStockAlert } from './api';

/** The "Notify me" button and its dialog (loaded only when a model is known to be out of stock). */
export default function NotifyMe({ model }: { model: UnitModelSummary }) {
  const { t } = useTranslation('checkout');
  const serverMessage = useServerMessage();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [website, setWebsite] = useState('');
  const alert = useStockAlert();
  const id = useId();
  const emailId = `${id}-email`;
  const errorId = `${id}-error`;
  // The one field's refusal in the page's language; anything else (a limit reached) in the server's words.
  const error = serverMessage(
    alert.error instanceof ApiError && alert.error.fieldErrors.email
      ? alert.error.fieldErrors.email
      : alert.error?.message,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    alert.mutate({ email, modelId: model.id, website });
  };

  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next && alert.isSuccess) alert.reset();
      }}
      trigger={
        <Button variant="outline" className="w-full" aria-label={t('notifyMe.buttonLabel', { name: model.name })}>
          {t('notifyMe.button')}
        </Button>
      }
      title={t('notifyMe.title')}
      description={t('notifyMe.description', { name: model.name })}
    >
      {alert.isSuccess ? (
        <div className="grid gap-4">
          <p role="status" className="flex items-start gap-2 font-medium">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            {t('notifyMe.thanks', { name: model.name })}
          </p>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button">{t('notifyMe.close')}</Button>
            </DialogClose>
          </DialogFooter>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor={emailId}>{t('notifyMe.email')}</Label>
            <Input
              id={emailId}
              type="email"
              inputMode="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? errorId : undefined}
            />
            {error && (
              <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
                {error}
              </p>
            )}
          </div>
          {/* The spam trap: off screen, out of the tab order and hidden from screen readers; only bots fill it. */}
          <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
            <label htmlFor={`${id}-website`}>{t('notifyMe.website')}</label>
            <input
              id={`${id}-website`}
              type="text"
              tabIndex={-1}
              autoComplete="off"
              value={website}
              onChange={(event) => setWebsite(event.target.value)}
            />
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('notifyMe.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={alert.isPending}>
              {alert.isPending ? t('notifyMe.sending') : t('notifyMe.submit')}
            </Button>
          </DialogFooter>
        </form>
      )}
    </DialogFrame>
  );
}
