import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { AdminCustomerDetail } from '@/contracts/admin/customers';
import { additionalFeeForm, type AdditionalFeeForm } from '@/contracts/admin/fees';
import { feeTypeLabels, feeTypes } from '@/contracts/fee-types';
import { dollarsToCents } from '@/contracts/money';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { FormDialogFrame } from '@/web/components/form-dialog';
import { useFormDialog } from '../ui/form-dialog';
import { SelectField } from '../ui/form-fields';
import { IconButton } from '../ui/icon-button';
import { useCreateFee } from './api';

const NO_ORDER = 'none';
const feeTypeOptions = feeTypes.map((type) => ({ value: type, label: feeTypeLabels[type] }));

export function AddFeeDialog({ customer }: { customer: AdminCustomerDetail }) {
  const blank = { orderId: NO_ORDER, description: '', amount: '' } as AdditionalFeeForm;
  const form = useForm<AdditionalFeeForm>({ resolver: zodResolver(additionalFeeForm), defaultValues: blank });
  const { dialog, callbacks } = useFormDialog(form, blank);
  const create = useCreateFee(callbacks);
  const submit = ({ orderId, amount, ...fee }: AdditionalFeeForm) =>
    create.mutate({
      ...fee,
      customerId: customer.id,
      orderId: orderId === NO_ORDER ? undefined : orderId,
      amountCents: dollarsToCents(Number(amount)),
    });
  const { errors } = form.formState;

  return (
    <FormDialogFrame
      {...dialog}
      trigger={
        <IconButton icon={Plus} variant="outline">
          Add Fee
        </IconButton>
      }
      title="Add Fee"
      description={`Charge ${customer.name} for damage, a lost unit, a late return or anything else.`}
      onSubmit={form.handleSubmit(submit)}
      pendingLabel="Adding..."
      pending={create.isPending}
    >
      <SelectField
        control={form.control}
        name="feeType"
        id="fee-type"
        label="Fee type"
        placeholder="Choose a fee type"
        options={feeTypeOptions}
      />
      <SelectField
        control={form.control}
        name="orderId"
        id="fee-order"
        label="Order (optional)"
        options={[
          { value: NO_ORDER, label: 'Not tied to an order' },
          ...customer.orders.map((order) => ({ value: order.id, label: `${order.orderNumber} (${order.status})` })),
        ]}
      />
      <Field id="fee-description" label="Description" error={errors.description?.message}>
        {(props) => <Textarea {...props} rows={3} {...form.register('description')} />}
      </Field>
      <Field id="fee-amount" label="Amount (USD)" error={errors.amount?.message}>
        {(props) => (
          <Input {...props} type="number" inputMode="decimal" step="0.01" min="1" {...form.register('amount')} />
        )}
      </Field>
      <p className="text-sm text-muted-foreground">
        The customer is e-mailed about every fee. It is billed with their next monthly bill, or charged at once to the
        card on file when no monthly bill is left to carry it.
      </p>
    </FormDialogFrame>
  );
}
