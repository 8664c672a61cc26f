import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowUpToLine, UserMinus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { moveUpInput, removeFromWaitlistInput, type AdminWaitlistEntry } from '@/contracts/waitlist';
import { FormDialogFrame } from '@/web/components/form-dialog';
import { Field } from '@/web/components/ui/field';
import { Textarea } from '@/web/components/ui/textarea';
import { ApiError } from '@/web/lib/api';
import { useFormDialog } from '../ui/form-dialog';
import { IconButton } from '../ui/icon-button';
import { useMoveUp, useRemoveFromWaitlist } from './api';
import { canMoveUp, canRemove } from './lines';

type ReasonInput = z.input<typeof moveUpInput>;
type Reason = z.output<typeof moveUpInput>;

/** A row's actions: move a waiting entry up, remove a waiting or offered one. `onRemoved` keeps the focus in place. */
export function EntryActions({ entry, onRemoved }: { entry: AdminWaitlistEntry; onRemoved: () => void }) {
  if (!canMoveUp(entry) && !canRemove(entry)) return null;
  return (
    <div className="flex flex-col items-end gap-2 sm:flex-row sm:justify-end">
      {canMoveUp(entry) && <MoveUpDialog entry={entry} />}
      {canRemove(entry) && <RemoveDialog entry={entry} onRemoved={onRemoved} />}
    </div>
  );
}

/**
 * A dialog that asks why (the contracts' schema: required, 3 to 500 characters). The server's word on the reason
 * shows under the field; a 409 (the entry moved on meanwhile) closes the dialog, and its toast says why.
 */
function useReasonDialog(schema: typeof moveUpInput, onSuccess?: () => void) {
  const blank: ReasonInput = { reason: '' };
  const form = useForm<ReasonInput, unknown, Reason>({ resolver: zodResolver(schema), defaultValues: blank });
  const { dialog, callbacks } = useFormDialog(form, blank);
  const mutationCallbacks = {
    onSuccess: () => {
      callbacks.onSuccess();
      onSuccess?.();
    },
    onError: (error: Error) => {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        callbacks.onError(error);
        return 'shown' as const;
      }
      if (error instanceof ApiError && error.status === 409) dialog.onOpenChange(false);
    },
  };
  return { form, dialog, mutationCallbacks };
}

function ReasonField({
  id,
  form,
  description,
}: {
  id: string;
  form: ReturnType<typeof useReasonDialog>['form'];
  description: string;
}) {
  return (
    <Field id={id} label="Reason" description={description} error={form.formState.errors.reason?.message}>
      {(props) => <Textarea {...props} rows={3} maxLength={500} {...form.register('reason')} />}
    </Field>
  );
}

function MoveUpDialog({ entry }: { entry: AdminWaitlistEntry }) {
  const { form, dialog, mutationCallbacks } = useReasonDialog(moveUpInput);
  const moveUp = useMoveUp(mutationCallbacks);
  return (
    <FormDialogFrame
      {...dialog}
      trigger={
        <IconButton icon={ArrowUpToLine} size="sm" variant="outline" aria-label={`Move up ${entry.email}`}>
          Move up
        </IconButton>
      }
      title="Move up in line"
      description={`${entry.email} goes to the front of the ${entry.modelName} line, behind anyone moved up before.`}
      submitLabel="Move up"
      pendingLabel="Moving up..."
      pending={moveUp.isPending}
      onSubmit={form.handleSubmit(({ reason }) => moveUp.mutate({ entry, reason }))}
    >
      <ReasonField
        id={`waitlist-move-up-reason-${entry.id}`}
        form={form}
        description="Why this person goes first, for example a medical need. It is kept with the entry and shown in the list."
      />
    </FormDialogFrame>
  );
}

function RemoveDialog({ entry, onRemoved }: { entry: AdminWaitlistEntry; onRemoved: () => void }) {
  const { form, dialog, mutationCallbacks } = useReasonDialog(removeFromWaitlistInput, onRemoved);
  const remove = useRemoveFromWaitlist(mutationCallbacks);
  const unit = entry.offeredUnitSerial ? `unit ${entry.offeredUnitSerial}` : 'the unit';
  return (
    <FormDialogFrame
      {...dialog}
      trigger={
        <IconButton icon={UserMinus} size="sm" variant="ghost" aria-label={`Remove ${entry.email}`}>
          Remove
        </IconButton>
      }
      title="Remove from the waitlist"
      description={
        entry.status === 'offered'
          ? `${entry.email} leaves the ${entry.modelName} line, and ${unit} held for them is released.`
          : `${entry.email} leaves the ${entry.modelName} line and gets no offer.`
      }
      submitLabel="Remove"
      submitVariant="destructive"
      pendingLabel="Removing..."
      pending={remove.isPending}
      onSubmit={form.handleSubmit(({ reason }) => remove.mutate({ entry, reason }))}
    >
      <ReasonField
        id={`waitlist-remove-reason-${entry.id}`}
        form={form}
        description="Why this person leaves the line. It is kept with the entry."
      />
    </FormDialogFrame>
  );
}
