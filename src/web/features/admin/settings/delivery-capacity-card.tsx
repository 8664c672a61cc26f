import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2, Truck, X } from 'lucide-react';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useFieldArray, useForm, useWatch, type UseFieldArrayReturn, type UseFormReturn } from 'react-hook-form';
import type { AdminDeliveryCapacity } from '@/contracts/admin/settings';
import { isCalendarDate } from '@/contracts/calendar-date';
import {
  deliveryCapacitySettings,
  weekdayNames,
  type DeliveryCapacityInput,
  type DeliveryCapacitySettings,
} from '@/contracts/delivery-windows';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { showServerFieldErrors } from '@/web/lib/form-errors';
import { IconButton } from '../ui/icon-button';
import { QueryState } from '../ui/query-state';
import { SectionCard } from '../ui/section-card';
import { useDeliveryCapacity, useSaveDeliveryCapacity } from './api';
import { blackoutLabel, suggestedWindow, weekdayOrder } from './capacity-form';

type CapacityForm = UseFormReturn<DeliveryCapacityInput, unknown, DeliveryCapacitySettings>;
type CapacityWindows = UseFieldArrayReturn<DeliveryCapacityInput, 'windows'>;

/** Moves the focus once React has drawn the change (a removed row's button is gone: the focus must go somewhere). */
const focusSoon = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

/**
 * The van's capacity (ADR 035): each weekday's delivery windows and the visits each can take, the same-day cut-off
 * and the blackout days. Checkout and the New order dialog offer these windows; the owner's own visits count too.
 */
export function DeliveryCapacityCard() {
  const capacity = useDeliveryCapacity();
  return (
    <SectionCard
      title="Delivery capacity"
      description="The windows checkout and phone orders book a delivery in, and how many visits each window can take."
    >
      <QueryState
        query={capacity}
        loadingLabel="Loading the delivery windows..."
        errorTitle="The delivery windows could not load"
      >
        {(settings) => <DeliveryCapacityForm settings={settings} />}
      </QueryState>
    </SectionCard>
  );
}

function DeliveryCapacityForm({ settings }: { settings: AdminDeliveryCapacity }) {
  const form: CapacityForm = useForm<DeliveryCapacityInput, unknown, DeliveryCapacitySettings>({
    resolver: zodResolver(deliveryCapacitySettings),
    defaultValues: settings,
  });
  // A refetch hands back the same object while nothing changed, so only a save (or another admin's) resets the form.
  useEffect(() => form.reset(settings), [settings, form]);
  const windows = useFieldArray({ control: form.control, name: 'windows' });
  const save = useSaveDeliveryCapacity({ onError: (error) => showServerFieldErrors(form.setError, error) });
  // The same schema checked it here; what goes is what was typed, in the form's order (see useSaveDeliveryCapacity).
  const onSubmit = form.handleSubmit(() => save.mutate(form.getValues()));
  const { errors } = form.formState;

  return (
    <form noValidate aria-label="Delivery capacity" onSubmit={onSubmit} className="grid gap-6">
      <WeeklyWindows form={form} windows={windows} />
      <Field
        id="capacity-same-day-cutoff"
        label="Same-day cut-off"
        description="Orders placed after this time (Los Angeles) are offered no window today."
        error={errors.sameDayCutoff?.message}
      >
        {(props) => <Input {...props} type="time" className="sm:max-w-40" {...form.register('sameDayCutoff')} />}
      </Field>
      <BlackoutDates form={form} />
      <div>
        <IconButton icon={Truck} type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save delivery capacity'}
        </IconButton>
      </div>
    </form>
  );
}

/** Every weekday with its windows; a weekday without any has no deliveries. */
function WeeklyWindows({ form, windows }: { form: CapacityForm; windows: CapacityWindows }) {
  const arrayError = form.formState.errors.windows;
  // The schema's overlap check names the whole list (its message says which day).
  const overall = arrayError?.root?.message ?? arrayError?.message;
  return (
    <div className="grid gap-3">
      {overall && (
        <p id="capacity-windows-error" role="alert" className="text-sm font-medium text-destructive">
          {overall}
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        {weekdayOrder.map((weekday) => (
          <WeekdayWindows key={weekday} weekday={weekday} form={form} windows={windows} />
        ))}
      </div>
    </div>
  );
}

function WeekdayWindows({ weekday, form, windows }: { weekday: number; form: CapacityForm; windows: CapacityWindows }) {
  const day = weekdayNames[weekday]!;
  const rows = windows.fields
    .map((field, index) => ({ field, index }))
    .filter(({ field }) => field.weekday === weekday);
  const addId = `capacity-add-${weekday}`;

  const add = () => {
    const dayWindows = form.getValues('windows').filter((window) => window.weekday === weekday);
    windows.append(suggestedWindow(weekday, dayWindows), {
      focusName: `windows.${windows.fields.length}.start`,
    });
  };
  const remove = (position: number) => {
    const neighbour = rows[position + 1] ?? rows[position - 1];
    windows.remove(rows[position]!.index);
    focusSoon(neighbour ? startId(neighbour.field.id) : addId);
  };

  return (
    <fieldset className="grid min-w-0 content-start gap-3 rounded-md border p-3">
      <legend className="px-1 font-semibold">{day}</legend>
      {rows.length === 0 && <p className="text-sm text-muted-foreground">No deliveries on {day}.</p>}
      {rows.length > 0 && (
        <div className="grid divide-y">
          {rows.map(({ field, index }, position) => (
            <WindowRow
              key={field.id}
              form={form}
              index={index}
              fieldId={field.id}
              name={`${day} window ${position + 1}`}
              onRemove={() => remove(position)}
            />
          ))}
        </div>
      )}
      <div>
        <Button id={addId} variant="outline" size="sm" onClick={add}>
          <Plus aria-hidden="true" />
          Add window<span className="sr-only"> on {day}</span>
        </Button>
      </div>
    </fieldset>
  );
}

const startId = (fieldId: string) => `capacity-window-${fieldId}-start`;

/** One window: start, end and visits side by side, or two and two on a phone. */
function WindowRow({
  form,
  index,
  fieldId,
  name,
  onRemove,
}: {
  form: CapacityForm;
  index: number;
  fieldId: string;
  name: string;
  onRemove: () => void;
}) {
  const errors = form.formState.errors.windows?.[index];
  // The visible label is the column's; the row's name goes before it for a screen reader.
  const label = (column: string) => (
    <>
      <span className="sr-only">{name} </span>
      {column}
    </>
  );
  return (
    <div className="grid grid-cols-2 items-start gap-2 py-3 first:pt-0 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_5.5rem_auto]">
      <Field id={startId(fieldId)} label={label('Start')} error={errors?.start?.message}>
        {(props) => <Input {...props} type="time" {...form.register(`windows.${index}.start`)} />}
      </Field>
      <Field id={`capacity-window-${fieldId}-end`} label={label('End')} error={errors?.end?.message}>
        {(props) => <Input {...props} type="time" {...form.register(`windows.${index}.end`)} />}
      </Field>
      <Field id={`capacity-window-${fieldId}-visits`} label={label('Visits')} error={errors?.visits?.message}>
        {(props) => (
          <Input
            {...props}
            type="number"
            inputMode="numeric"
            min={0}
            max={200}
            step={1}
            {...form.register(`windows.${index}.visits`, { valueAsNumber: true })}
          />
        )}
      </Field>
      <Button variant="outline" size="icon" className="mt-5" aria-label={`Remove ${name}`} onClick={onRemove}>
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}

/** Days with no deliveries at all (a holiday, the van in the shop): added with a date box, removed one by one. */
function BlackoutDates({ form }: { form: CapacityForm }) {
  const dates = useWatch({ control: form.control, name: 'blackoutDates' });
  const errors = form.formState.errors.blackoutDates;
  const [adding, setAdding] = useState('');
  const [addError, setAddError] = useState<string>();

  const change = (next: string[]) => {
    form.setValue('blackoutDates', next, { shouldDirty: true });
    // A message is about the list as it was sent: its positions no longer hold.
    form.clearErrors('blackoutDates');
  };
  const add = () => {
    if (!isCalendarDate(adding)) return setAddError('Choose a day to add');
    if (dates.includes(adding)) return setAddError(`${blackoutLabel(adding)} is already a blackout date`);
    change([...dates, adding].sort());
    setAdding('');
    setAddError(undefined);
  };
  // Enter in the date box adds the day rather than saving the whole form.
  const addOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };
  const remove = (position: number) => {
    const neighbour = dates[position + 1] ?? dates[position - 1];
    change(dates.filter((_, index) => index !== position));
    focusSoon(neighbour ? removeId(neighbour) : 'capacity-blackout-add');
  };

  return (
    <fieldset className="grid min-w-0 gap-3">
      <legend className="mb-1 font-semibold">Blackout dates</legend>
      <p className="text-sm text-muted-foreground">Days with no deliveries at all, whatever the weekday.</p>
      {dates.length === 0 ? (
        <p className="text-sm text-muted-foreground">No blackout dates.</p>
      ) : (
        <ul aria-label="Blackout dates" className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {dates.map((date, index) => (
            <li key={date} className="grid gap-1">
              <div className="flex items-center justify-between gap-2 rounded-md border py-1 pr-1 pl-3 text-sm">
                <span>{blackoutLabel(date)}</span>
                <Button
                  id={removeId(date)}
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${blackoutLabel(date)}`}
                  onClick={() => remove(index)}
                >
                  <X aria-hidden="true" />
                </Button>
              </div>
              {errors?.[index]?.message && (
                <p className="text-sm font-medium text-destructive">{errors[index].message}</p>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="grid items-start gap-2 sm:grid-cols-[minmax(0,16rem)_auto]">
        <Field id="capacity-blackout-new" label="Blackout date to add" error={addError ?? errors?.message}>
          {(props) => (
            <Input
              {...props}
              type="date"
              value={adding}
              onChange={(event) => setAdding(event.target.value)}
              onKeyDown={addOnEnter}
            />
          )}
        </Field>
        <Button id="capacity-blackout-add" variant="outline" className="sm:mt-5" onClick={add}>
          <Plus aria-hidden="true" />
          Add blackout date
        </Button>
      </div>
    </fieldset>
  );
}

const removeId = (date: string) => `capacity-blackout-remove-${date}`;
