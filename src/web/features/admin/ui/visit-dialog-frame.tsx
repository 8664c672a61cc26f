import type { FormEvent, ReactNode } from 'react';
import type { AdminVisit } from '@/contracts/admin/deliveries';
import { visitTypeLabels } from '@/contracts/deliveries';
import { Button } from '@/web/components/ui/button';
import { FormDialogFrame } from '@/web/components/form-dialog';
import { FilterSelect } from './filter-select';
import { useUnitChoices } from '../visits-api';

/** The unit pickers' first choice: keep the visit's unit (or, for a swap, take the first free one). */
export const KEEP = 'keep';

/** One dialog per action, opened from its own button in the visit's row (or by its owner when `trigger` is null). */
export function VisitDialog({
  visit,
  trigger,
  title,
  description,
  submitLabel,
  pending,
  submitDisabled,
  onSubmit,
  open,
  setOpen,
  children,
}: {
  visit: AdminVisit;
  trigger: string | null;
  title: string;
  description: ReactNode;
  submitLabel: string;
  pending: boolean;
  /** Holds the submit back until the form can be sent (a window chosen). */
  submitDisabled?: boolean;
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
        trigger && (
          <Button
            size="sm"
            variant="outline"
            aria-label={`${trigger}: ${visitTypeLabels[visit.type]} for ${visit.customer.name}`}
          >
            {trigger}
          </Button>
        )
      }
      title={title}
      description={description}
      submitLabel={submitLabel}
      pendingLabel="Saving..."
      pending={pending}
      submitDisabled={submitDisabled}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </FormDialogFrame>
  );
}

/** A free unit of the visit's model, fetched once its dialog is open. */
export function UnitPicker({
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
