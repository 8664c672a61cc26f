import { zodResolver } from '@hookform/resolvers/zod';
import { HandCoins, Undo2 } from 'lucide-react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import type { AdminOrderDetail } from '@/contracts/admin/orders';
import { moneyBackForm, type MoneyBackForm } from '@/contracts/admin/money-back';
import { formatCalendarDate } from '@/contracts/dates';
import { dollarsToCents, formatCents } from '@/contracts/money';
import { FormDialogFrame } from '@/web/components/form-dialog';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { useIsAdminRole } from '../me-api';
import { useFormDialog } from '../ui/form-dialog';
import { SelectField } from '../ui/form-fields';
import { IconButton } from '../ui/icon-button';
import { useCredit, useRefund } from './api';

/** A paid invoice or paid fee with something left to refund, as the refund form offers it (`invoice:<id>`, `fee:<id>`). */
function refundChoices({ billing, paidFees }: AdminOrderDetail) {
  const invoices = billing.invoices
    .filter((invoice) => invoice.status === 'paid' && invoice.amountCents > invoice.refundedCents)
    .map((invoice) => ({
      value: `invoice:${invoice.id}`,
      label:
        `Invoice ${formatCalendarDate(invoice.periodStart)} – ${formatCalendarDate(invoice.periodEnd)}: ` +
        `${formatCents(invoice.amountCents - invoice.refundedCents)} left of ${formatCents(invoice.amountCents)}`,
    }));
  const fees = paidFees
    .filter((fee) => fee.amountCents > fee.refundedCents)
    .map((fee) => ({
      value: `fee:${fee.id}`,
      label: `Fee "${fee.description}": ${formatCents(fee.amountCents - fee.refundedCents)} left of ${formatCents(fee.amountCents)}`,
    }));
  return [...invoices, ...fees];
}

function AmountAndReason({ form, idPrefix }: { form: UseFormReturn<MoneyBackForm>; idPrefix: string }) {
  const { errors } = form.formState;
  return (
    <>
      <Field id={`${idPrefix}-amount`} label="Amount (USD)" error={errors.amount?.message}>
        {(props) => (
          <Input {...props} type="number" inputMode="decimal" step="0.01" min="0.01" {...form.register('amount')} />
        )}
      </Field>
      <Field
        id={`${idPrefix}-reason`}
        label="Reason"
        description="The customer reads it in the e-mail and on their billing page."
        error={errors.reason?.message}
      >
        {(props) => <Textarea {...props} rows={3} {...form.register('reason')} />}
      </Field>
    </>
  );
}

function RefundDialog({ detail }: { detail: AdminOrderDetail }) {
  const choices = refundChoices(detail);
  const blank = { target: choices[0]?.value ?? '', amount: '', reason: '' };
  const form = useForm<MoneyBackForm>({ resolver: zodResolver(moneyBackForm), defaultValues: blank });
  const { dialog, callbacks } = useFormDialog(form, blank);
  const refund = useRefund(detail.order.id, callbacks);
  const submit = ({ target, amount, reason }: MoneyBackForm) => {
    const [kind, id] = target.split(':');
    const amountCents = dollarsToCents(Number(amount));
    refund.mutate(kind === 'fee' ? { feeId: id, amountCents, reason } : { invoiceId: id, amountCents, reason });
  };
  return (
    <FormDialogFrame
      {...dialog}
      trigger={
        <IconButton icon={Undo2} variant="outline" disabled={choices.length === 0}>
          Refund
        </IconButton>
      }
      title="Refund"
      description="Give back the whole or part of a paid invoice or fee, to the card that paid it."
      onSubmit={form.handleSubmit(submit)}
      pendingLabel="Refunding..."
      pending={refund.isPending}
    >
      <SelectField control={form.control} name="target" id="refund-target" label="What to refund" options={choices} />
      <AmountAndReason form={form} idPrefix="refund" />
      <p className="text-sm text-muted-foreground">
        The payment provider makes the refund first; the customer is e-mailed and sees it in their billing history.
      </p>
    </FormDialogFrame>
  );
}

function CreditDialog({ detail }: { detail: AdminOrderDetail }) {
  const blank = { target: 'credit', amount: '', reason: '' };
  const form = useForm<MoneyBackForm>({ resolver: zodResolver(moneyBackForm), defaultValues: blank });
  const { dialog, callbacks } = useFormDialog(form, blank);
  const credit = useCredit(detail.order.id, detail.customer.id, callbacks);
  const submit = ({ amount, reason }: MoneyBackForm) =>
    credit.mutate({ amountCents: dollarsToCents(Number(amount)), reason });
  return (
    <FormDialogFrame
      {...dialog}
      trigger={
        <IconButton icon={HandCoins} variant="outline">
          Add credit
        </IconButton>
      }
      title="Add credit"
      description={`Credit ${detail.customer.name}'s account: it comes off their next bill.`}
      onSubmit={form.handleSubmit(submit)}
      pendingLabel="Adding..."
      pending={credit.isPending}
    >
      <AmountAndReason form={form} idPrefix="credit" />
    </FormDialogFrame>
  );
}

/** Refund and credit, for the admin role only (the server refuses staff anyway: ADR 019, 030). */
export function MoneyBackActions({ detail }: { detail: AdminOrderDetail }) {
  if (!useIsAdminRole()) return null;
  return (
    <div className="flex flex-wrap gap-2">
      <RefundDialog detail={detail} />
      <CreditDialog detail={detail} />
    </div>
  );
}
