import { useState } from 'react';
import type { AdminVisit } from '@/contracts/admin/deliveries';
import { visitTypeLabels } from '@/contracts/deliveries';
import { Field } from '@/web/components/ui/field';
import { Textarea } from '@/web/components/ui/textarea';
import { useCancelVisit, useCompleteVisit, useSwapVisit } from '../visits-api';
import { KEEP, UnitPicker, VisitDialog } from '../ui/visit-dialog-frame';

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
