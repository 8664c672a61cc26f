import { CircleCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerMessage } from '@/web/i18n/server-message';
import type { UnitModelSummary } from '@/contracts/catalog';
import { ButtonLink } from '@/web/components/layout/button-link';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/web/components/ui/dialog';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { ApiError } from '@/web/lib/api';
import { useModelInventory, useStockAlert } from './api';

/**
 * A model card's action: "Rent Now" while the model can be rented (or its stock is still being checked), "Notify
 * me" once it is known to be out of stock: a dialog asking for an e-mail, kept as a lead and told once when the
 * model is back (POST /api/stock-alerts).
 */
export function RentOrNotify({ model, checkoutHref }: { model: UnitModelSummary; checkoutHref: string }) {
  const { t } = useTranslation('common');
  const { data } = useModelInventory(model.id);
  if (data && data.available === 0) return <NotifyMe model={model} />;
  return (
    <ButtonLink href={checkoutHref} aria-label={`${t('nav.rentNow')}: ${model.name}`} className="w-full">
      {t('nav.rentNow')}
    </ButtonLink>
  );
}

function NotifyMe({ model }: { model: UnitModelSummary }) {
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
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next && alert.isSuccess) alert.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" className="w-full" aria-label={t('notifyMe.buttonLabel', { name: model.name })}>
          {t('notifyMe.button')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('notifyMe.title')}</DialogTitle>
          <DialogDescription>{t('notifyMe.description', { name: model.name })}</DialogDescription>
        </DialogHeader>
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
      </DialogContent>
    </Dialog>
  );
}
