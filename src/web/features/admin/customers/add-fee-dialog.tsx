import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { AdminCustomerDetail } from '@/contracts/admin/customers';
import {
  additionalFeeForm,
  feeTypeLabels,
  feeTypes,
  type AdditionalFeeForm,
  type AdditionalFeeInput,
} from '@/contracts/admin/fees';
import { dollarsToCents } from '@/contracts/money';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Textarea } from '@/web/components/ui/textarea';
import { toast } from '@/web/components/ui/use-toast';
import { showServerFieldErrors } from '@/web/lib/form-errors';
import { adminKeys, adminRequest, errorMessage } from '../api';

const NO_ORDER = 'none';

export function AddFeeDialog({ customer }: { customer: AdminCustomerDetail }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const blank = { orderId: NO_ORDER, description: '', amount: '', notifyCustomer: false } as AdditionalFeeForm;
  const form = useForm<AdditionalFeeForm>({ resolver: zodResolver(additionalFeeForm), defaultValues: blank });

  const create = useMutation({
    mutationFn: (values: AdditionalFeeForm) => {
      const input: AdditionalFeeInput = {
        customerId: customer.id,
        orderId: values.orderId === NO_ORDER ? undefined : values.orderId,
        feeType: values.feeType,
        description: values.description,
        amountCents: dollarsToCents(Number(values.amount)),
        notifyCustomer: values.notifyCustomer,
      };
      return adminRequest('POST', '/api/admin/additional-fees', input);
    },
    onSuccess: async () => {
      setOpen(false);
      toast({ title: 'Success', description: 'Additional fee created successfully' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.customers }),
        queryClient.invalidateQueries({ queryKey: adminKeys.fees }),
        queryClient.invalidateQueries({ queryKey: adminKeys.stats }),
        queryClient.invalidateQueries({ queryKey: adminKeys.emailLogs }),
      ]);
    },
    onError: (error) => {
      showServerFieldErrors(form.setError, error);
      toast({ title: 'Error', description: errorMessage(error, 'Failed to create fee'), variant: 'destructive' });
    },
  });
  const { errors } = form.formState;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) form.reset(blank);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <Plus aria-hidden="true" />
          Add Fee
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Fee</DialogTitle>
          <DialogDescription>
            Charge {customer.name} for damage, a lost unit, a late return or anything else.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={form.handleSubmit((values) => create.mutate(values))} className="grid gap-4">
          <Field id="fee-type" label="Fee type" error={errors.feeType?.message}>
            {(props) => (
              <Controller
                control={form.control}
                name="feeType"
                render={({ field }) => (
                  <Select value={field.value ?? ''} onValueChange={field.onChange}>
                    <SelectTrigger {...props} onBlur={field.onBlur}>
                      <SelectValue placeholder="Choose a fee type" />
                    </SelectTrigger>
                    <SelectContent>
                      {feeTypes.map((type) => (
                        <SelectItem key={type} value={type}>
                          {feeTypeLabels[type]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            )}
          </Field>
          <Field id="fee-order" label="Order (optional)">
            {(props) => (
              <Controller
                control={form.control}
                name="orderId"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange}>
                    <SelectTrigger {...props}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value={NO_ORDER}>Not tied to an order</SelectItem>
                      {customer.orders.map((order) => (
                        <SelectItem key={order.id} value={order.id}>
                          {order.orderNumber} ({order.status})
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            )}
          </Field>
          <Field id="fee-description" label="Description" error={errors.description?.message}>
            {(props) => <Textarea {...props} rows={3} {...form.register('description')} />}
          </Field>
          <Field id="fee-amount" label="Amount (USD)" error={errors.amount?.message}>
            {(props) => (
              <Input {...props} type="number" inputMode="decimal" step="0.01" min="1" {...form.register('amount')} />
            )}
          </Field>
          <Controller
            control={form.control}
            name="notifyCustomer"
            render={({ field }) => (
              <div className="flex items-center gap-2">
                <Checkbox
                  id="fee-notify"
                  checked={field.value}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                />
                <Label htmlFor="fee-notify">Email the customer about this fee</Label>
              </div>
            )}
          />
          <DialogFooter>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Adding...' : 'Add Fee'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
