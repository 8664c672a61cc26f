import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { cancellationConsequence, type CancellationConsequence } from '@/contracts/cancellation';
import { formatCalendarDate } from '@/contracts/dates';
import { formatCents } from '@/contracts/money';
import { cancellationRequestInput, type CancellationRequestInput, type PortalView } from '@/contracts/portal';
import { FormDialog } from '@/web/components/form-dialog';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { useRequestCancellation } from './api';

function consequenceText(consequence: CancellationConsequence, terms: PortalView['cancellationTerms']): string {
  switch (consequence.kind) {
    case 'early-termination':
      return `This date is within your ${terms.monthsMin}-month minimum term, which ends ${formatCalendarDate(terms.minimumTermEndDate)}. An early-termination fee of ${formatCents(consequence.feeCents)} applies.`;
    case 'notice':
      return `This date is after your minimum term and gives the required ${consequence.noticeDays} days' notice. No early-termination fee applies.`;
    case 'too-little-notice':
      return `After the minimum term, cancellation needs ${terms.noticeDays} days' notice: the earliest effective date is ${formatCalendarDate(consequence.earliest)}.`;
    case 'in-the-past':
      return 'The effective date cannot be in the past.';
  }
}

/**
 * Request Cancellation: states the consequence of the chosen date before anything is sent (design.md point 5),
 * using the same rule the server enforces.
 */
export function CancellationDialog({ view }: { view: PortalView }) {
  const orderId = view.order.id;
  const terms = view.cancellationTerms;
  const form = useForm<CancellationRequestInput>({
    resolver: zodResolver(cancellationRequestInput),
    defaultValues: { orderId, effectiveDate: '', reason: '' },
  });
  const effectiveDate = useWatch({ control: form.control, name: 'effectiveDate' });
  const consequence = effectiveDate ? cancellationConsequence(terms, effectiveDate) : null;
  const blocked = consequence?.kind === 'in-the-past' || consequence?.kind === 'too-little-notice';
  const send = useRequestCancellation(orderId);
  const { errors } = form.formState;

  return (
    <FormDialog
      trigger={<Button variant="destructive">Request Cancellation</Button>}
      title="Request Cancellation"
      description={
        <>
          Your minimum term of {terms.monthsMin} months ends {formatCalendarDate(terms.minimumTermEndDate)}. Ending
          before then costs a {formatCents(terms.earlyTerminationFeeCents)} early-termination fee; after it,
          cancellation needs {terms.noticeDays} days' notice.
        </>
      }
      form={form}
      onSubmit={send.mutateAsync}
      submitLabel="Send Cancellation Request"
      pendingLabel="Sending..."
      pending={send.isPending}
      submitVariant="destructive"
      submitDisabled={blocked}
    >
      <Field id="cancel-effective-date" label="Effective date" error={errors.effectiveDate?.message}>
        {(props) => <Input {...props} type="date" min={terms.today} {...form.register('effectiveDate')} />}
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
          {consequenceText(consequence, terms)}
        </p>
      )}
      <Field id="cancel-reason" label="Reason for cancellation" error={errors.reason?.message}>
        {(props) => <Textarea {...props} rows={4} {...form.register('reason')} />}
      </Field>
    </FormDialog>
  );
}
