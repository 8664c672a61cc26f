import { CircleCheck } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { WaitlistPlace } from '@/contracts/waitlist';
import { ButtonLink } from '@/web/components/layout/button-link';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { findServerMessage, useServerMessage } from '@/web/i18n/server-message';
import type { JoinField, JoinRefusal } from './join-refusal';

export type JoinValues = Record<JoinField | 'website', string>;

/** The ids of the form's fields under one prefix (the dialog's useId), so a refusal can move the focus to its field. */
export const joinFieldId = (prefix: string, name: JoinField) => `${prefix}-${name}`;

/**
 * The e-mail and ZIP code that join a model's line, each refusal under its field (wired by aria-describedby, the field
 * marked aria-invalid), the model in stock after all with a link to rent it, and any other refusal over `actions`.
 */
export function WaitlistJoinForm({
  idPrefix,
  values,
  onChange,
  refusal,
  checkoutHref,
  onSubmit,
  actions,
}: {
  idPrefix: string;
  values: JoinValues;
  onChange: (name: keyof JoinValues, value: string) => void;
  refusal: JoinRefusal | undefined;
  checkoutHref: string;
  onSubmit: (event: FormEvent) => void;
  actions: ReactNode;
}) {
  const { t } = useTranslation('waitlist');
  const serverMessage = useServerMessage();
  const fieldError = (name: JoinField) => serverMessage(refusal?.fields[name]);
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <Field id={joinFieldId(idPrefix, 'email')} label={t('join.email')} error={fieldError('email')}>
        {(control) => (
          <Input
            {...control}
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={(event) => onChange('email', event.target.value)}
          />
        )}
      </Field>
      <Field
        id={joinFieldId(idPrefix, 'zipCode')}
        label={t('join.zipCode')}
        description={t('join.zipCodeHelp')}
        error={fieldError('zipCode')}
      >
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            autoComplete="postal-code"
            required
            maxLength={10}
            value={values.zipCode}
            onChange={(event) => onChange('zipCode', event.target.value)}
          />
        )}
      </Field>
      {/* The spam trap: off screen, out of the tab order and hidden from screen readers; only bots fill it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${idPrefix}-website`}>{t('join.website')}</label>
        <input
          id={`${idPrefix}-website`}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={(event) => onChange('website', event.target.value)}
        />
      </div>
      {refusal?.inStock && (
        <div role="alert" className="grid gap-3 rounded-lg border border-primary/40 bg-primary/5 p-4 text-sm">
          <p className="font-medium">{serverMessage(refusal.inStock)}</p>
          <div>
            <ButtonLink href={checkoutHref}>{t('join.rentNow')}</ButtonLink>
          </div>
        </div>
      )}
      {refusal?.form && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {serverMessage(refusal.form)}
        </p>
      )}
      {actions}
    </form>
  );
}

/**
 * The place in line, in the page's language: chosen by position from the catalog (the server's English says the
 * same, verbatim in `waitlist:join`), or that a unit is held for this e-mail already.
 */
export function placeText(t: TFunction<'waitlist'>, place: WaitlistPlace): string {
  if (findServerMessage(place.message)?.key === 'offerAlreadyHeld') return t('join.alreadyHeld');
  return place.position === 1 ? t('join.joinedFirst') : t('join.joinedNumber', { position: place.position });
}

export function JoinedPlace({ place }: { place: WaitlistPlace }) {
  const { t } = useTranslation('waitlist');
  return (
    <p role="status" className="flex items-start gap-2 font-medium">
      <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
      {placeText(t, place)}
    </p>
  );
}
