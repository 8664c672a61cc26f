import { useState } from 'react';
import type { AdminVisit } from '@/contracts/admin/deliveries';
import { isCalendarDate } from '@/contracts/calendar-date';
import { addDays } from '@/contracts/dates';
import { visitTypeLabels } from '@/contracts/deliveries';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { ApiError } from '@/web/lib/api';
import { FilterSelect, type FilterOption } from './filter-select';
import { useScheduleVisit, useVisitDayWindows } from '../visits-api';
import { KEEP, UnitPicker, VisitDialog } from './visit-dialog-frame';
import { WINDOW_FULL_CODE } from '@/contracts/delivery-window-terms';
import { fixedWindowOptions, windowOptions } from './window-options';

/**
 * The windows the dialog offers for a day: the day's delivery windows with how booked each is, or the fixed four on a
 * day without any. Should the count fail to load, the fixed four still let the owner book (the server counts anyway).
 */
function useWindowChoices(date: string, open: boolean): { options: FilterOption[]; placeholder: string } {
  const realDate = isCalendarDate(date);
  const day = useVisitDayWindows(date, open && realDate);
  if (!realDate) return { options: [], placeholder: 'Choose the date first' };
  if (day.data) return { options: windowOptions(day.data), placeholder: 'Choose a window' };
  if (day.isError) return { options: fixedWindowOptions, placeholder: 'Choose a window' };
  return { options: [], placeholder: 'Loading the windows...' };
}

const isFullWindow = (error: Error) => error instanceof ApiError && error.code === WINDOW_FULL_CODE;

/** The server's word that the window is full, and the owner's way to book it all the same. */
function FullWindowNotice({
  message,
  pending,
  onBookAnyway,
}: {
  message: string;
  pending: boolean;
  onBookAnyway: () => void;
}) {
  return (
    <div className="grid gap-2 rounded-md border border-destructive p-3">
      <p role="alert" className="text-sm font-medium text-destructive">
        {message}
      </p>
      <Button size="sm" variant="destructive" className="w-fit" disabled={pending} onClick={onBookAnyway}>
        Book anyway
      </Button>
    </div>
  );
}

/**
 * Book or move a visit: day (today or later), one of that day's windows, and for a delivery the unit it brings. A
 * full window is refused with the server's message and a Book anyway that sends the same booking to overbook it.
 * The Deliveries tab opens it from the row's button; Needs attention and the order panel (a pickup to book after a
 * cancellation) open it themselves: `opened` given, no button, `onClose` told when it closes (booked or not).
 */
export function ScheduleDialog({
  visit,
  today,
  opened,
  onClose,
}: {
  visit: AdminVisit;
  today: string;
  opened?: boolean;
  onClose?: () => void;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = opened ?? ownOpen;
  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    if (!next) onClose?.();
  };
  // The day booked, else the day asked for (a pickup's: the cancellation's effective date) unless it has passed.
  const asked = visit.preferredDate && visit.preferredDate >= today ? visit.preferredDate : null;
  const [date, setDate] = useState(visit.scheduledDate ?? asked ?? addDays(today, 1));
  const [timeWindow, setTimeWindow] = useState(visit.timeWindow ?? '');
  const [unitId, setUnitId] = useState(KEEP);
  const [fullWindow, setFullWindow] = useState<string | null>(null);
  const schedule = useScheduleVisit({
    onSuccess: () => {
      setOpen(false);
      setFullWindow(null);
    },
    onError: (error) => {
      const full = isFullWindow(error);
      setFullWindow(full ? error.message : null);
      return full ? 'shown' : undefined;
    },
  });
  const choices = useWindowChoices(date, open);
  // A window the day does not have (the visit's old one, after the date changed) is not kept as the choice.
  const chosen = choices.options.some((option) => option.value === timeWindow) ? timeWindow : '';
  // Any change makes it another booking: the refusal no longer applies.
  const changing =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setFullWindow(null);
    };
  const send = (overbook: boolean) =>
    schedule.mutate({
      visit,
      input: {
        scheduledDate: date,
        timeWindow: chosen,
        ...(unitId !== KEEP && { unitId }),
        ...(overbook && { overbook }),
      },
    });
  const again = visit.status === 'scheduled';
  return (
    <VisitDialog
      visit={visit}
      trigger={opened === undefined ? (again ? 'Reschedule' : 'Schedule') : null}
      title={`${again ? 'Reschedule' : 'Schedule'} ${visitTypeLabels[visit.type].toLowerCase()}`}
      description={`${visit.customer.name}, ${visit.address}. The customer is e-mailed the day and window.`}
      submitLabel={again ? 'Reschedule' : 'Schedule'}
      pending={schedule.isPending}
      submitDisabled={!chosen}
      open={open}
      setOpen={changing(setOpen)}
      onSubmit={() => send(false)}
    >
      <Field id={`visit-date-${visit.id}`} label="Date">
        {(props) => (
          <Input {...props} type="date" min={today} value={date} onChange={(e) => changing(setDate)(e.target.value)} />
        )}
      </Field>
      <FilterSelect
        id={`visit-window-${visit.id}`}
        label="Time window"
        value={chosen}
        onValueChange={changing(setTimeWindow)}
        options={choices.options}
        placeholder={choices.placeholder}
      />
      {visit.type === 'delivery' && (
        <UnitPicker
          visit={visit}
          open={open}
          value={unitId}
          onChange={changing(setUnitId)}
          label="Unit"
          keepLabel={visit.unit ? `Keep ${visit.unit.serial}` : 'No unit yet'}
        />
      )}
      {fullWindow && (
        <FullWindowNotice message={fullWindow} pending={schedule.isPending} onBookAnyway={() => send(true)} />
      )}
    </VisitDialog>
  );
}
