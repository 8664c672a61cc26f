import { zodResolver } from '@hookform/resolvers/zod';
import { Clock } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { MAX_OFFER_HOURS, MIN_OFFER_HOURS, waitlistSettings, type WaitlistSettings } from '@/contracts/waitlist';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { showServerFieldErrors } from '@/web/lib/form-errors';
import { useIsAdminRole } from '../me-api';
import { IconButton } from '../ui/icon-button';
import { useSaveOfferTime } from './api';
import { hoursText } from './lines';

/**
 * How long an offer holds its unit for the person first in line; unused, the unit passes to the next. Everyone
 * reads it; the admin role changes it (the server refuses staff).
 */
export function OfferTime({ offerHours }: { offerHours: number }) {
  const canChange = useIsAdminRole();
  return (
    <div className="grid gap-3 rounded-md border p-3 sm:p-4">
      <p className="text-sm">
        Offers hold a unit for <strong>{hoursText(offerHours)}</strong>. Unused by then, the unit goes to the next
        person in line.
      </p>
      {canChange && <OfferTimeForm offerHours={offerHours} />}
    </div>
  );
}

function OfferTimeForm({ offerHours }: { offerHours: number }) {
  const form = useForm<WaitlistSettings>({ resolver: zodResolver(waitlistSettings), defaultValues: { offerHours } });
  // A save (or another admin's) brings a new value with the lines.
  useEffect(() => form.reset({ offerHours }), [offerHours, form]);
  const save = useSaveOfferTime({ onError: (error) => showServerFieldErrors(form.setError, error) });
  const error = form.formState.errors.offerHours?.message;

  return (
    <form
      noValidate
      aria-label="Offer time"
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      className="grid items-start gap-2 sm:grid-cols-[minmax(0,14rem)_auto]"
    >
      <Field
        id="waitlist-offer-hours"
        label="Offer time (hours)"
        description={`A whole number from ${MIN_OFFER_HOURS} to ${MAX_OFFER_HOURS}.`}
        error={error}
      >
        {(props) => (
          <Input
            {...props}
            type="number"
            inputMode="numeric"
            min={MIN_OFFER_HOURS}
            max={MAX_OFFER_HOURS}
            step={1}
            {...form.register('offerHours', { valueAsNumber: true })}
          />
        )}
      </Field>
      <IconButton icon={Clock} type="submit" variant="outline" className="w-fit sm:mt-5" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save offer time'}
      </IconButton>
    </form>
  );
}
