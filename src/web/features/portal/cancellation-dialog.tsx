import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useServerMessage } from '@/web/i18n/server-message';
import { formatCalendarDateIn } from '@/i18n/format';
import type { Locale } from '@/contracts/locale';
import { usePortalLocale } from './locale';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { cancellationConsequence, paidWeekEndDate, type CancellationConsequence } from '@/contracts/cancellation';
import { formatCents } from '@/contracts/money';
import { cancellationRequestInput, type CancellationRequestInput, type PortalView } from '@/contracts/portal';
import { FormDialog } from '@/web/components/form-dialog';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { useRequestCancellation } from './api';

function consequenceText(
  consequence: CancellationConsequence,
  terms: PortalView['cancellationTerms'],
  t: TFunction<'portal'>,
  locale: Locale,
): string {
  switch (consequence.kind) {
    case 'early-termination':
      return t('cancelDialog.earlyTermination', {
        months: terms.monthsMin,
        date: formatCalendarDateIn(locale, terms.minimumTermEndDate),
        fee: formatCents(consequence.feeCents),
      });
    case 'notice':
      return t('cancelDialog.notice', { days: consequence.noticeDays });
    case 'too-little-notice':
      return t('cancelDialog.tooLittleNotice', {
        days: terms.noticeDays,
        date: formatCalendarDateIn(locale, consequence.earliest),
      });
    case 'in-the-past':
      return t('cancelDialog.inThePast');
    case 'end-of-paid-week':
      return t('cancelDialog.endOfPaidWeek', { date: formatCalendarDateIn(locale, consequence.endsOn) });
    case 'not-end-of-paid-week':
      return t('cancelDialog.notEndOfPaidWeek', { date: formatCalendarDateIn(locale, consequence.endsOn) });
  }
}

/** What the dialog says first: the monthly plan's minimum term, fee and notice, or the weekly plan's end of week. */
function descriptionText(terms: PortalView['cancellationTerms'], t: TFunction<'portal'>, locale: Locale): string {
  if (terms.planType === 'weekly') {
    const date = formatCalendarDateIn(locale, paidWeekEndDate(terms.startDate, terms.today));
    return t('cancelDialog.weeklyDescription', { date });
  }
  return t('cancelDialog.description', {
    months: terms.monthsMin,
    date: formatCalendarDateIn(locale, terms.minimumTermEndDate),
    fee: formatCents(terms.earlyTerminationFeeCents),
    days: terms.noticeDays,
  });
}

/**
 * Request Cancellation: states the consequence of the chosen date before anything is sent (design.md point 5),
 * using the same rule the server enforces. A weekly rental's date is the end of its paid week, filled in and fixed.
 */
export function CancellationDialog({ view }: { view: PortalView }) {
  const orderId = view.order.id;
  const terms = view.cancellationTerms;
  const weekly = terms.planType === 'weekly';
  const form = useForm<CancellationRequestInput>({
    resolver: zodResolver(cancellationRequestInput),
    defaultValues: { orderId, effectiveDate: weekly ? paidWeekEndDate(terms.startDate, terms.today) : '', reason: '' },
  });
  const effectiveDate = useWatch({ control: form.control, name: 'effectiveDate' });
  const consequence = effectiveDate ? cancellationConsequence(terms, effectiveDate) : null;
  const blocked =
    consequence?.kind === 'in-the-past' ||
    consequence?.kind === 'too-little-notice' ||
    consequence?.kind === 'not-end-of-paid-week';
  const send = useRequestCancellation(orderId);
  const { errors } = form.formState;
  const { t } = useTranslation('portal');
  const serverMessage = useServerMessage();
  const locale = usePortalLocale();

  return (
    <FormDialog
      trigger={<Button variant="destructive">{t('cancelDialog.trigger')}</Button>}
      title={t('cancelDialog.title')}
      description={descriptionText(terms, t, locale)}
      form={form}
      onSubmit={send.mutateAsync}
      submitLabel={t('cancelDialog.submit')}
      pendingLabel={t('cancelDialog.pending')}
      pending={send.isPending}
      submitVariant="destructive"
      submitDisabled={blocked}
    >
      <Field
        id="cancel-effective-date"
        label={t('cancelDialog.effectiveDate')}
        error={serverMessage(errors.effectiveDate?.message)}
      >
        {(props) => (
          <Input {...props} type="date" min={terms.today} readOnly={weekly} {...form.register('effectiveDate')} />
        )}
      </Field>
      {consequence && (
        <p
          role="status"
          className={
            blocked
              ? 'rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-foreground'
              : 'rounded-md border bg-secondary p-3 text-sm text-secondary-foreground'
          }
        >
          {consequenceText(consequence, terms, t, locale)}
        </p>
      )}
      <Field id="cancel-reason" label={t('cancelDialog.reason')} error={serverMessage(errors.reason?.message)}>
        {(props) => <Textarea {...props} rows={4} {...form.register('reason')} />}
      </Field>
    </FormDialog>
  );
}
