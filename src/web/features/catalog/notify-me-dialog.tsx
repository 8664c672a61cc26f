import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnitModelSummary } from '@/contracts/catalog';
import { Button } from '@/web/components/ui/button';
import { DialogFrame } from '@/web/components/dialog-frame';
import { DialogClose, DialogFooter } from '@/web/components/ui/dialog';
import { useJoinWaitlist } from './api';
import { firstRefusedField, joinRefusalOf } from './join-refusal';
import { joinFieldId, JoinedPlace, WaitlistJoinForm, type JoinValues } from './waitlist-join-form';

const noValues: JoinValues = { email: '', zipCode: '', website: '' };

/**
 * "Join the waitlist" and its dialog (loaded only when a model is known to be out of stock): the e-mail and ZIP code
 * join the model's line (POST /api/stock-alerts), and the answer is the place in it.
 */
export default function NotifyMe({ model, checkoutHref }: { model: UnitModelSummary; checkoutHref: string }) {
  const { t } = useTranslation('waitlist');
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(noValues);
  const join = useJoinWaitlist();
  const idPrefix = useId();
  const refusal = joinRefusalOf(join.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    join.mutate(
      { email: values.email, zipCode: values.zipCode, modelId: model.id, website: values.website },
      {
        onError: (error) => {
          const field = firstRefusedField(joinRefusalOf(error));
          if (field) document.getElementById(joinFieldId(idPrefix, field))?.focus();
        },
      },
    );
  };

  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // Opened again, the dialog starts over: the form (with what was typed), no refusal.
        if (!next && !join.isPending) join.reset();
      }}
      trigger={
        <Button variant="outline" className="w-full" aria-label={t('join.buttonLabel', { name: model.name })}>
          {t('join.button')}
        </Button>
      }
      title={t('join.title')}
      description={t('join.description', { name: model.name })}
    >
      {join.isSuccess ? (
        <div className="grid gap-4">
          <JoinedPlace place={join.data} />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button">{t('join.close')}</Button>
            </DialogClose>
          </DialogFooter>
        </div>
      ) : (
        <WaitlistJoinForm
          idPrefix={idPrefix}
          values={values}
          onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))}
          refusal={refusal}
          checkoutHref={checkoutHref}
          onSubmit={submit}
          actions={
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  {t('join.cancel')}
                </Button>
              </DialogClose>
              <Button type="submit" disabled={join.isPending}>
                {join.isPending ? t('join.sending') : t('join.submit')}
              </Button>
            </DialogFooter>
          }
        />
      )}
    </DialogFrame>
  );
}
