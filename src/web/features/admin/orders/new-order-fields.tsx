import { useWatch } from 'react-hook-form';
import type { AdminUnitModel } from '@/contracts/admin/inventory';
import type { PlanType } from '@/contracts/admin/orders';
import { business } from '@/contracts/business';
import { latestRentalStartDate } from '@/contracts/checkout-terms';
import { formatCents } from '@/contracts/money';
import { PHONE_HOLD_HOURS } from '@/contracts/phone-orders';
import { dormPolicy, dormQuestion } from '@/contracts/service-area';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { SelectField } from '../ui/form-fields';
import { ChoiceField } from './choice-field';
import type { NewOrderForm } from './new-order-form';

const planChoices = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'weekly', label: 'Weekly' },
] as const;
const dormChoices = [
  { value: false, label: 'No' },
  { value: true, label: 'Yes' },
] as const;

/** "$39.00 / month, 4-month minimum" or "$15.00 / week, no minimum term": the chosen plan's rent. */
function planPrice(model: AdminUnitModel, planType: PlanType): string {
  return planType === 'weekly'
    ? `${formatCents(model.weeklyPrice)} / week, no minimum term`
    : `${formatCents(model.monthlyPrice)} / month, ${business.minimumMonths}-month minimum`;
}

/** The customer's name, e-mail and phone: typed in, or filled in by "Find customer". */
export function ContactFields({ form }: { form: NewOrderForm }) {
  const errors = form.formState.errors.customer;
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      <Field id="new-order-name" label="Full name" error={errors?.name?.message}>
        {(props) => <Input {...props} autoComplete="off" {...form.register('customer.name')} />}
      </Field>
      <Field id="new-order-phone" label="Phone" error={errors?.phone?.message}>
        {(props) => <Input {...props} type="tel" autoComplete="off" {...form.register('customer.phone')} />}
      </Field>
      <div className="sm:col-span-2">
        <Field
          id="new-order-email"
          label="E-mail"
          description="The link to sign and pay goes to this address."
          error={errors?.email?.message}
        >
          {(props) => <Input {...props} type="email" autoComplete="off" {...form.register('customer.email')} />}
        </Field>
      </div>
    </div>
  );
}

/** What is rented, on which plan and from when, and how long its unit is held for the customer to pay. */
export function RentalFields({
  form,
  models,
  today,
}: {
  form: NewOrderForm;
  models: readonly AdminUnitModel[];
  today: string;
}) {
  const { errors } = form.formState;
  const [unitModelId, planType] = useWatch({ control: form.control, name: ['unitModelId', 'planType'] });
  const model = models.find((candidate) => candidate.id === unitModelId);
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <SelectField
          control={form.control}
          name="unitModelId"
          id="new-order-model"
          label="Unit model"
          placeholder="Choose a model"
          options={models.map((option) => ({ value: option.id, label: `${option.name} (${option.btuTier})` }))}
        />
      </div>
      <div className="sm:col-span-2">
        <ChoiceField
          id="new-order-plan"
          legend="Plan"
          choices={planChoices}
          value={planType}
          onChange={(value) => form.setValue('planType', value, { shouldValidate: form.formState.isSubmitted })}
          error={errors.planType?.message}
        >
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {model ? `Price: ${planPrice(model, planType)}` : 'Choose a model to see its price.'}
          </p>
        </ChoiceField>
      </div>
      <Field id="new-order-start" label="Start date" error={errors.startDate?.message}>
        {(props) => (
          <Input
            {...props}
            type="date"
            min={today}
            max={latestRentalStartDate(today)}
            {...form.register('startDate')}
          />
        )}
      </Field>
      <Field
        id="new-order-hold"
        label="Hold (hours)"
        description={`How long the unit is held for the customer to sign and pay (up to ${PHONE_HOLD_HOURS.max} hours)`}
        error={errors.holdHours?.message}
      >
        {(props) => (
          <Input
            {...props}
            type="number"
            inputMode="numeric"
            min={1}
            max={PHONE_HOLD_HOURS.max}
            step={1}
            {...form.register('holdHours', { valueAsNumber: true })}
          />
        )}
      </Field>
    </div>
  );
}

/** Where the unit goes, and the checkout's dorm question (a "yes" is refused with the policy's words). */
export function DeliveryFields({ form }: { form: NewOrderForm }) {
  const { errors } = form.formState;
  const deliveryToDorm = useWatch({ control: form.control, name: 'deliveryToDorm' });
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Field id="new-order-address" label="Street address" error={errors.address?.message}>
          {(props) => <Input {...props} autoComplete="off" {...form.register('address')} />}
        </Field>
      </div>
      <Field id="new-order-city" label="City" error={errors.city?.message}>
        {(props) => <Input {...props} autoComplete="off" {...form.register('city')} />}
      </Field>
      <Field id="new-order-zip" label="ZIP code" error={errors.zipCode?.message}>
        {(props) => <Input {...props} inputMode="numeric" autoComplete="off" {...form.register('zipCode')} />}
      </Field>
      <div className="sm:col-span-2">
        <Field id="new-order-notes" label="Building / apartment notes (optional)" error={errors.buildingNotes?.message}>
          {(props) => <Textarea {...props} rows={2} {...form.register('buildingNotes')} />}
        </Field>
      </div>
      <div className="sm:col-span-2">
        <ChoiceField
          id="new-order-dorm"
          legend={dormQuestion}
          choices={dormChoices}
          value={deliveryToDorm}
          onChange={(value) => form.setValue('deliveryToDorm', value, { shouldValidate: form.formState.isSubmitted })}
          error={errors.deliveryToDorm?.message}
        >
          {deliveryToDorm === true && !errors.deliveryToDorm && (
            <p className="text-sm font-medium text-destructive">{dormPolicy}</p>
          )}
        </ChoiceField>
      </div>
    </div>
  );
}
