import { useEffect } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { isCalendarDate } from '@/contracts/calendar-date';
import { startDateProblem } from '@/contracts/checkout';
import { DELIVERY_WINDOW_DAYS, type DeliveryWindow } from '@/contracts/delivery-windows';
import { Field } from '@/web/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { useDeliveryWindowOffer } from './api';
import { EARLIEST_WINDOW, pickedWindow, windowKey, windowOptionLabel } from './delivery-window-options';
import type { NewOrderForm } from './new-order-form';

const WHOLE_ZIP = /^\d{5}(-\d{4})?$/;

/**
 * The delivery window agreed on the phone (issue 30): once the ZIP and start date are ones the order would take, the
 * windows of the 14 days from the start date with their room, full ones shown but not offered. Left at "Earliest
 * open window", the server books the earliest with room; a window that fills up meanwhile is refused at this field.
 */
export function DeliveryWindowField({ form, today }: { form: NewOrderForm; today: string }) {
  const [zipCode, startDate] = useWatch({ control: form.control, name: ['zipCode', 'startDate'] });
  const zip = zipCode.trim();
  const ready = WHOLE_ZIP.test(zip) && isCalendarDate(startDate) && !startDateProblem(startDate, today);
  const offer = useDeliveryWindowOffer({ zipCode: zip, startDate }, { enabled: ready });
  const { field, fieldState } = useController({ control: form.control, name: 'deliveryWindow' });
  const windows = ready ? offer.data : undefined;
  const picked = windows ? pickedWindow(windows, field.value) : undefined;

  // A pick the offer no longer has with room (another start date, or it filled up) gives way to the earliest.
  const stale = Boolean(windows && field.value && !picked);
  useEffect(() => {
    if (stale) form.setValue('deliveryWindow', undefined);
  }, [stale, form]);

  const choose = (value: string) => {
    const window = windows?.find((candidate) => windowKey(candidate) === value);
    const choice = window ? { date: window.date, start: window.start } : undefined;
    form.setValue('deliveryWindow', choice, { shouldValidate: form.formState.isSubmitted });
  };

  return (
    <Field
      id="new-order-window"
      label="Delivery window"
      description={offerNote(ready, offer, windows)}
      error={fieldState.error?.message}
    >
      {(props) => (
        <Select value={picked ? windowKey(picked) : EARLIEST_WINDOW} onValueChange={choose} disabled={!windows}>
          <SelectTrigger {...props} ref={field.ref} onBlur={field.onBlur}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={EARLIEST_WINDOW}>Earliest open window</SelectItem>
            {windows?.map((window) => (
              <SelectItem key={windowKey(window)} value={windowKey(window)} disabled={window.open <= 0}>
                {windowOptionLabel(window)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </Field>
  );
}

/** What the field says under it: why there is nothing to choose yet, or what choosing nothing means. */
function offerNote(
  ready: boolean,
  offer: ReturnType<typeof useDeliveryWindowOffer>,
  windows: DeliveryWindow[] | undefined,
): string {
  if (!ready) return 'Enter the ZIP code and a start date to see the delivery windows.';
  if (offer.isError) return offer.error.message;
  if (!windows) return 'Loading delivery windows...';
  const earliest = windows.find((window) => window.open > 0);
  if (!earliest) return `Every window in the ${DELIVERY_WINDOW_DAYS} days from the start date is full.`;
  return `The ${DELIVERY_WINDOW_DAYS} days from the start date. Left as it is, the earliest open window is booked: ${windowOptionLabel(earliest)}.`;
}
