import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { unitInput, type AdminUnitModel, type UnitFormValues, type UnitInput } from '@/contracts/admin/inventory';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { FormDialogFrame } from '@/web/components/form-dialog';
import { useFormDialog } from '../ui/form-dialog';
import { SelectField } from '../ui/form-fields';
import { IconButton } from '../ui/icon-button';
import { useCreateUnit } from './api';

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
export function AddUnitDialog({ models }: { models: AdminUnitModel[] }) {
  const form = useForm<UnitFormValues, unknown, UnitInput>({ resolver: zodResolver(unitInput), defaultValues: blank });
  const { dialog, callbacks } = useFormDialog(form, blank);
  const create = useCreateUnit(callbacks);
  const { errors } = form.formState;

  return (
    <FormDialogFrame
      {...dialog}
      trigger={<IconButton icon={Plus}>Add Unit</IconButton>}
      title="Add Unit"
      description="A new air conditioner in the fleet; it starts as available."
      className="max-w-2xl"
      onSubmit={form.handleSubmit((values) => create.mutate(values))}
      pendingLabel="Adding..."
      pending={create.isPending}
    >
      <SelectField
        control={form.control}
        name="modelId"
        id="unit-model"
        label="Unit model"
        placeholder="Choose a model"
        // An inactive model can be stocked before it is offered.
        options={models.map((model) => ({
          value: model.id,
          label: `${model.name} (${model.btuTier})${model.active ? '' : ', not offered'}`,
        }))}
      />
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
    </FormDialogFrame>
  );
}
