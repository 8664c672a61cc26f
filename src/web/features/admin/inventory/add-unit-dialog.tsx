import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { unitInput, type UnitFormValues, type UnitInput } from '@/contracts/admin/inventory';
import { Button } from '@/web/components/ui/button';
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Textarea } from '@/web/components/ui/textarea';
import { toast } from '@/web/components/ui/use-toast';
import { showServerFieldErrors } from '@/web/lib/form-errors';
import { adminKeys, adminRequest, errorMessage } from '../api';

// Every field starts as typed text; the schema turns BTU, price and date into their types on submit.
const blank: UnitFormValues = {
  modelId: '',
  serial: '',
  brand: '',
  model: '',
  btu: '',
  purchaseDate: '',
  purchasePrice: '',
  notes: '',
};

/** Add unit (spec section 5): the same schema as the server, which turns BTU, price and date into their types. */
export function AddUnitDialog({ models }: { models: Array<{ id: string; name: string; btuTier: string }> }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const form = useForm<UnitFormValues, unknown, UnitInput>({ resolver: zodResolver(unitInput), defaultValues: blank });
  const create = useMutation({
    mutationFn: (values: UnitInput) => adminRequest('POST', '/api/admin/units', values),
    onSuccess: async () => {
      setOpen(false);
      toast({ title: 'Saved', description: 'Unit added to the inventory' });
      await Promise.all(
        [adminKeys.units, adminKeys.stats].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
    onError: (error) => {
      showServerFieldErrors(form.setError, error);
      toast({
        title: 'Error',
        description: errorMessage(error, 'The unit could not be added'),
        variant: 'destructive',
      });
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
        <Button>
          <Plus aria-hidden="true" />
          Add Unit
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Add Unit</DialogTitle>
          <DialogDescription>A new air conditioner in the fleet; it starts as available.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={form.handleSubmit((values) => create.mutate(values))} className="grid gap-4">
          <Field id="unit-model" label="Unit model" error={errors.modelId?.message}>
            {(props) => (
              <Controller
                control={form.control}
                name="modelId"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange}>
                    <SelectTrigger {...props} onBlur={field.onBlur}>
                      <SelectValue placeholder="Choose a model" />
                    </SelectTrigger>
                    <SelectContent>
                      {models.map((model) => (
                        <SelectItem key={model.id} value={model.id}>
                          {model.name} ({model.btuTier})
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            )}
          </Field>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field id="unit-serial" label="Serial number" error={errors.serial?.message}>
              {(props) => <Input {...props} {...form.register('serial')} />}
            </Field>
            <Field id="unit-brand" label="Brand" error={errors.brand?.message}>
              {(props) => <Input {...props} {...form.register('brand')} />}
            </Field>
            <Field id="unit-model-number" label="Model number" error={errors.model?.message}>
              {(props) => <Input {...props} {...form.register('model')} />}
            </Field>
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field id="unit-btu" label="BTU rating" error={errors.btu?.message}>
              {(props) => (
                <Input {...props} type="number" inputMode="numeric" min="8000" step="1" {...form.register('btu')} />
              )}
            </Field>
            <Field id="unit-purchase-date" label="Purchase date" error={errors.purchaseDate?.message}>
              {(props) => <Input {...props} type="date" {...form.register('purchaseDate')} />}
            </Field>
            <Field id="unit-purchase-price" label="Purchase price (USD)" error={errors.purchasePrice?.message}>
              {(props) => (
                <Input
                  {...props}
                  type="number"
                  inputMode="decimal"
                  min="0"
                  step="0.01"
                  {...form.register('purchasePrice')}
                />
              )}
            </Field>
          </div>
          <Field id="unit-notes" label="Notes (optional)">
            {(props) => <Textarea {...props} rows={2} {...form.register('notes')} />}
          </Field>
          <DialogFooter>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Adding...' : 'Add Unit'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
