import { MapPin } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { serviceAreaSettingsInput, type AdminServiceArea } from '@/contracts/admin/settings';
import { dollarsToCents, formatCents } from '@/contracts/money';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { showServerFieldErrors } from '@/web/lib/form-errors';
import { IconButton } from '../ui/icon-button';
import { QueryState } from '../ui/query-state';
import { SectionCard } from '../ui/section-card';
import { useSaveServiceArea, useServiceAreaSettings } from './api';

/** The form's text, as typed: miles as whole numbers, the charge in dollars. */
interface ServiceAreaForm {
  depotZip: string;
  serviceRadiusMiles: string;
  freeDeliveryMiles: string;
  deliveryCharge: string;
}

const toForm = (area: AdminServiceArea): ServiceAreaForm => ({
  depotZip: area.depotZip,
  serviceRadiusMiles: String(area.serviceRadiusMiles),
  freeDeliveryMiles: String(area.freeDeliveryMiles),
  deliveryCharge: (area.deliveryChargeCents / 100).toFixed(2),
});

const rangeMessages = {
  serviceRadiusMiles: 'Enter whole miles from 10 to 200',
  freeDeliveryMiles: 'Enter whole miles from 0 to 200',
  deliveryCharge: 'Enter an amount from $0.00 to $1,000.00',
};

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(/[$,\s]/g, '')));

/**
 * Where we deliver: the depot's ZIP, the radius served, the free radius and the charge between them. Checkout,
 * the home page and the FAQ read these (ADR 022).
 */
export function ServiceAreaCard() {
  const settings = useServiceAreaSettings({ enabled: true });
  return (
    <SectionCard
      title="Service area"
      description="Checkout refuses addresses beyond the radius and charges delivery beyond the free miles, before payment."
    >
      <QueryState
        query={settings}
        loadingLabel="Loading the service area..."
        errorTitle="The service area could not load"
      >
        {(area) => <ServiceAreaForm area={area} />}
      </QueryState>
    </SectionCard>
  );
}

function ServiceAreaForm({ area }: { area: AdminServiceArea }) {
  const form = useForm<ServiceAreaForm>({ defaultValues: toForm(area) });
  useEffect(() => form.reset(toForm(area)), [area, form]);
  const save = useSaveServiceArea({ onError: (error) => showServerFieldErrors(form.setError, error) });
  const { errors } = form.formState;

  const onSubmit = (values: ServiceAreaForm) => {
    const charge = number(values.deliveryCharge);
    const parsed = serviceAreaSettingsInput.safeParse({
      depotZip: values.depotZip.trim(),
      serviceRadiusMiles: number(values.serviceRadiusMiles),
      freeDeliveryMiles: number(values.freeDeliveryMiles),
      deliveryChargeCents: Number.isFinite(charge) ? dollarsToCents(charge) : Number.NaN,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        if (field === 'deliveryChargeCents') form.setError('deliveryCharge', { message: rangeMessages.deliveryCharge });
        else if (field === 'depotZip') form.setError('depotZip', { message: issue.message });
        else if (field === 'freeDeliveryMiles' || field === 'serviceRadiusMiles') {
          form.setError(field, { message: issue.code === 'custom' ? issue.message : rangeMessages[field] });
        }
      }
      return;
    }
    save.mutate(parsed.data);
  };

  return (
    <form noValidate aria-label="Service area" onSubmit={form.handleSubmit(onSubmit)} className="grid max-w-2xl gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="settings-depot-zip"
          label="Depot ZIP"
          description={area.depotCity ? `Now: ${area.depotCity}, ${area.depotState}` : undefined}
          error={errors.depotZip?.message}
        >
          {(props) => <Input {...props} inputMode="numeric" {...form.register('depotZip')} />}
        </Field>
        <Field id="settings-radius" label="Service radius (miles)" error={errors.serviceRadiusMiles?.message}>
          {(props) => <Input {...props} inputMode="numeric" {...form.register('serviceRadiusMiles')} />}
        </Field>
        <Field id="settings-free-miles" label="Free delivery within (miles)" error={errors.freeDeliveryMiles?.message}>
          {(props) => <Input {...props} inputMode="numeric" {...form.register('freeDeliveryMiles')} />}
        </Field>
        <Field
          id="settings-charge"
          label="Delivery charge beyond the free miles ($)"
          description={`Billed once, on the first invoice. Now ${formatCents(area.deliveryChargeCents)}.`}
          error={errors.deliveryCharge?.message}
        >
          {(props) => <Input {...props} inputMode="decimal" {...form.register('deliveryCharge')} />}
        </Field>
      </div>
      <div>
        <IconButton icon={MapPin} type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save service area'}
        </IconButton>
      </div>
    </form>
  );
}
