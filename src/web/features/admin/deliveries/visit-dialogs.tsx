import { useState, type FormEvent, type ReactNode } from 'react';
import type { AdminVisit } from '@/contracts/admin/deliveries';
import { addDays } from '@/contracts/dates';
import { timeWindowLabels, timeWindows, visitTypeLabels } from '@/contracts/deliveries';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { FilterSelect } from '../ui/filter-select';
import { FormDialogFrame } from '@/web/components/form-dialog';
import { useCancelVisit, useCompleteVisit, useScheduleVisit, useSwapVisit, useUnitChoices } from './api';

const windowOptions = timeWindows.map((value) => ({ value, label: `${timeWindowLabels[value]} (${value})` }));
const KEEP = 'keep';

/** One dialog per action, opened from its own button in the visit's row. */
function VisitDialog({
  visit,
  trigger,
  title,
  description,
  submitLabel,
  pending,
  onSubmit,
  open,
  setOpen,
  children,
}: {
  visit: AdminVisit;
  trigger: string;
  title: string;
  description: ReactNode;
  submitLabel: string;
  pending: boolean;
  onSubmit: () => void;
  open: boolean;
  setOpen: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <FormDialogFrame
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          size="sm"
          variant="outline"
          aria-label={`${trigger}: ${visitTypeLabels[visit.type]} for ${visit.customer.name}`}
        >
          {trigger}
        </Button>
      }
      title={title}
      description={description}
      submitLabel={submitLabel}
      pendingLabel="Saving..."
      pending={pending}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </FormDialogFrame>
  );
}

function UnitPicker({
  visit,
  open,
  value,
  onChange,
  label,
  keepLabel,
}: {
  visit: AdminVisit;
  open: boolean;
  value: string;
  onChange: (value: string) => void;
  label: string;
  keepLabel: string;
}) {
  const choices = useUnitChoices(visit.id, open);
  const options = [
    { value: KEEP, label: keepLabel },
    ...(choices.data?.units ?? []).map((unit) => ({
      value: unit.id,
      label: `${unit.serial} (${unit.btu.toLocaleString('en-US')} BTU)`,
    })),
  ];
  return (
    <FilterSelect
      id={`visit-unit-${visit.id}`}
      label={label}
      value={value}
      onValueChange={onChange}
      options={options}
    />
  );
}

/** Book or move a visit: day (today or later), window, and for a delivery the unit it brings. */
export function ScheduleDialog({ visit, today }: { visit: AdminVisit; today: string }) {
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState(visit.scheduledDate ?? visit.preferredDate ?? addDays(today, 1));
  const [window, setWindow] = useState<string>(visit.timeWindow ?? 'morning');
  const [unitId, setUnitId] = useState(KEEP);
  const schedule = useScheduleVisit({ onSuccess: () => setOpen(false) });
  const again = visit.status === 'scheduled';
  return (
    <VisitDialog
      visit={visit}
      trigger={again ? 'Reschedule' : 'Schedule'}
      title={`${again ? 'Reschedule' : 'Schedule'} ${visitTypeLabels[visit.type].toLowerCase()}`}
      description={`${visit.customer.name}, ${visit.address}. The customer is e-mailed the day and window.`}
      submitLabel={again ? 'Reschedule' : 'Schedule'}
      pending={schedule.isPending}
      open={open}
      setOpen={setOpen}
      onSubmit={() =>
        schedule.mutate({
          visit,
          input: {
            scheduledDate: date,
            timeWindow: window as (typeof timeWindows)[number],
            ...(unitId !== KEEP && { unitId }),
          },
        })
      }
    >
      <Field id={`visit-date-${visit.id}`} label="Date">
        {(props) => <Input {...props} type="date" min={today} value={date} onChange={(e) => setDate(e.target.value)} />}
      </Field>
      <FilterSelect
        id={`visit-window-${visit.id}`}
        label="Time window"
        value={window}
        onValueChange={setWindow}
        options={windowOptions}
      />
      {visit.type === 'delivery' && (
        <UnitPicker
          visit={visit}
          open={open}
          value={unitId}
          onChange={setUnitId}
          label="Unit"
          keepLabel={visit.unit ? `Keep ${visit.unit.serial}` : 'No unit yet'}
        />
      )}
    </VisitDialog>
  );
}

const consequences: Record<AdminVisit['type'], (visit: AdminVisit) => string> = {
  delivery: (v) => `Unit ${v.unit?.serial ?? '(none assigned)'} is marked rented at ${v.customer.name}'s.`,
  pickup: (v) =>
    `Unit ${v.collectUnit?.serial ?? ''} goes to maintenance${v.order.status === 'active' ? `, and order ${v.order.orderNumber} ends today: its billing stops` : ''}.`,
  service: () => 'Say what was done on site; the unit stays with the customer.',
  swap: (v) =>
    `Unit ${v.unit?.serial} becomes the rental's; unit ${v.collectUnit?.serial} goes to maintenance. Billing does not change.`,
};

export function CompleteDialog({ visit }: { visit: AdminVisit }) {
  const [open, setOpen] = useState(false);
  const [resolution, setResolution] = useState('');
  const complete = useCompleteVisit({ onSuccess: () => setOpen(false) });
  return (
    <VisitDialog
      visit={visit}
      trigger="Complete"
      title={`Complete ${visitTypeLabels[visit.type].toLowerCase()}`}
      description={consequences[visit.type](visit)}
      submitLabel="Mark done"
      pending={complete.isPending}
      open={open}
      setOpen={setOpen}
      onSubmit={() => complete.mutate({ visit, input: resolution.trim() ? { resolution } : {} })}
    >
      <Field
        id={`visit-resolution-${visit.id}`}
        label={visit.type === 'service' ? 'What was done' : 'Notes (optional)'}
      >
        {(props) => (
          <Textarea {...props} value={resolution} maxLength={2000} onChange={(e) => setResolution(e.target.value)} />
        )}
      </Field>
    </VisitDialog>
  );
}

export function CancelDialog({ visit }: { visit: AdminVisit }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const cancel = useCancelVisit({ onSuccess: () => setOpen(false) });
  return (
    <VisitDialog
      visit={visit}
      trigger="Cancel"
      title={`Cancel ${visitTypeLabels[visit.type].toLowerCase()}`}
      description={`The visit to ${visit.customer.name} is cancelled${visit.type === 'swap' ? ' and its replacement unit goes back to stock' : ''}.`}
      submitLabel="Cancel visit"
      pending={cancel.isPending}
      open={open}
      setOpen={setOpen}
      onSubmit={() => cancel.mutate({ visit, input: { reason } })}
    >
      <Field id={`visit-reason-${visit.id}`} label="Reason">
        {(props) => <Textarea {...props} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />}
      </Field>
    </VisitDialog>
  );
}

/** A service visit becomes one swap: a free unit of the same model in, the customer's unit out. */
export function SwapDialog({ visit }: { visit: AdminVisit }) {
  const [open, setOpen] = useState(false);
  const [unitId, setUnitId] = useState(KEEP);
  const swap = useSwapVisit({ onSuccess: () => setOpen(false) });
  return (
    <VisitDialog
      visit={visit}
      trigger="Swap unit"
      title="Swap the unit"
      description={`One visit brings a replacement ${visit.modelName} and takes unit ${visit.rentalUnit?.serial ?? '(none)'} away. Billing does not change.`}
      submitLabel="Book swap"
      pending={swap.isPending}
      open={open}
      setOpen={setOpen}
      onSubmit={() => swap.mutate({ visit, input: unitId === KEEP ? {} : { unitId } })}
    >
      <UnitPicker
        visit={visit}
        open={open}
        value={unitId}
        onChange={setUnitId}
        label="Replacement unit"
        keepLabel="First free unit"
      />
    </VisitDialog>
  );
}
