import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { hoseTypes, unitModelForm, type AdminUnitModel, type UnitModelForm } from '@/contracts/admin/inventory';
import { business } from '@/contracts/business';
import { dollarsToCents, formatCents } from '@/contracts/money';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { FormDialogFrame } from '@/web/components/form-dialog';
import { useFormDialog } from '../ui/form-dialog';
import { CheckboxField, SelectField } from '../ui/form-fields';
import { useSaveUnitModel } from './api';

const hoseOptions = hoseTypes.map((hose) => ({ value: hose, label: hose === 'single' ? 'Single hose' : 'Dual hose' }));

// No hose type until one is chosen.
const blank = {
  name: '',
  btuTier: '',
  recommendedRoomSize: '',
  description: '',
  nameEs: '',
  recommendedRoomSizeEs: '',
  descriptionEs: '',
  weeklyPrice: '',
  active: true,
} as UnitModelForm;

function formValues(model: AdminUnitModel): UnitModelForm {
  return {
    name: model.name,
    btuTier: model.btuTier,
    hoseType: model.hoseType === 'dual' ? 'dual' : 'single',
    recommendedRoomSize: model.recommendedRoomSize ?? '',
    description: model.description ?? '',
    nameEs: model.nameEs ?? '',
    recommendedRoomSizeEs: model.recommendedRoomSizeEs ?? '',
    descriptionEs: model.descriptionEs ?? '',
    // Dollars as typed, without a thousands separator: 19 or 19.5 for 1900 or 1950 cents.
    weeklyPrice: String(model.weeklyPrice / 100),
    active: model.active,
  };
}

/** Add a unit model to the catalog, or edit one: prices typed in dollars, sent in cents. */
export function UnitModelDialog({ model, trigger }: { model?: AdminUnitModel; trigger: ReactNode }) {
  const initial = model ? formValues(model) : blank;
  const form = useForm<UnitModelForm>({ resolver: zodResolver(unitModelForm), defaultValues: initial });
  const { dialog, callbacks } = useFormDialog(form, initial);
  const save = useSaveUnitModel(model, callbacks);
  const submit = ({ weeklyPrice, ...values }: UnitModelForm) =>
    save.mutate({ ...values, weeklyPrice: dollarsToCents(Number(weeklyPrice)) });
  const { errors } = form.formState;
  const idPrefix = model ? `unit-model-${model.id}` : 'unit-model-new';

  return (
    <FormDialogFrame
      {...dialog}
      trigger={trigger}
      title={model ? `Edit ${model.name}` : 'New Unit Model'}
      description="What the catalog shows for this model. Its units are added to the inventory one by one."
      className="max-w-2xl"
      onSubmit={form.handleSubmit(submit)}
      submitLabel={model ? 'Save Model' : 'Add Model'}
      pendingLabel="Saving..."
      pending={save.isPending}
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="sm:col-span-2">
          <Field id={`${idPrefix}-name`} label="Name" error={errors.name?.message}>
            {(props) => <Input {...props} {...form.register('name')} />}
          </Field>
        </div>
        <Field
          id={`${idPrefix}-tier`}
          label="BTU tier"
          error={errors.btuTier?.message}
          description="In thousands, such as 12-14k"
        >
          {(props) => <Input {...props} {...form.register('btuTier')} />}
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          control={form.control}
          name="hoseType"
          id={`${idPrefix}-hose`}
          label="Hose type"
          placeholder="Choose a hose type"
          options={hoseOptions}
        />
        <Field id={`${idPrefix}-room`} label="Room size (optional)" error={errors.recommendedRoomSize?.message}>
          {(props) => (
            <Input {...props} placeholder="Rooms up to 350 sq ft" {...form.register('recommendedRoomSize')} />
          )}
        </Field>
      </div>
      <Field id={`${idPrefix}-description`} label="Description (optional)" error={errors.description?.message}>
        {(props) => <Textarea {...props} rows={3} {...form.register('description')} />}
      </Field>
      <fieldset className="grid gap-4 rounded-md border p-3">
        <legend className="px-1 text-sm font-medium">In Spanish (optional)</legend>
        <p className="text-sm text-muted-foreground">
          Spanish readers see these; where one is blank they see the English above.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={`${idPrefix}-name-es`} label="Name in Spanish" error={errors.nameEs?.message}>
            {(props) => <Input {...props} lang="es" {...form.register('nameEs')} />}
          </Field>
          <Field id={`${idPrefix}-room-es`} label="Room size in Spanish" error={errors.recommendedRoomSizeEs?.message}>
            {(props) => (
              <Input
                {...props}
                lang="es"
                placeholder="Cuartos de hasta 350 pies²"
                {...form.register('recommendedRoomSizeEs')}
              />
            )}
          </Field>
        </div>
        <Field id={`${idPrefix}-description-es`} label="Description in Spanish" error={errors.descriptionEs?.message}>
          {(props) => <Textarea {...props} lang="es" rows={3} {...form.register('descriptionEs')} />}
        </Field>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${idPrefix}-weekly`} label="Weekly price (USD)" error={errors.weeklyPrice?.message}>
          {(props) => (
            <Input {...props} type="number" inputMode="decimal" step="0.01" min="1" {...form.register('weeklyPrice')} />
          )}
        </Field>
        <div className="grid gap-1.5 text-sm">
          <p className="font-medium">Monthly price</p>
          <p>{formatCents(business.monthlyPriceCents)}/month</p>
          <p className="text-muted-foreground">Every unit rents at the rate in the rental agreement.</p>
        </div>
      </div>
      <CheckboxField
        control={form.control}
        name="active"
        id={`${idPrefix}-active`}
        label="Offered in the catalog (active)"
      />
    </FormDialogFrame>
  );
}
