import { useState, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { showServerFieldErrors } from '@/web/lib/form-errors';
import { Button, type ButtonProps } from './ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './ui/dialog';

type FormDialogProps<TFieldValues extends FieldValues, TValues> = {
  /** The button that opens the dialog. */
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  form: UseFormReturn<TFieldValues, unknown, TValues>;
  /** Sends the valid values (a mutation's `mutateAsync`); the dialog closes when it resolves. */
  onSubmit: (values: TValues) => Promise<unknown>;
  /** Runs each time the dialog opens, e.g. to reset the form to the current data. */
  onOpen?: () => void;
  submitLabel: string;
  /** The submit button's text while the request runs ("Saving..."). */
  pendingLabel: string;
  pending: boolean;
  submitVariant?: ButtonProps['variant'];
  /** Holds the submit back for a reason of the form's own (a date the rules refuse). */
  submitDisabled?: boolean;
  /** The form's fields. */
  children: ReactNode;
};

/**
 * A dialog holding one form: title and description, the fields, and a submit button that shows the request. It
 * closes once the submit succeeds; when the server rejects fields, their messages appear under them and it stays
 * open (the mutation itself tells the user, e.g. with a toast).
 */
export function FormDialog<TFieldValues extends FieldValues, TValues>({
  trigger,
  title,
  description,
  form,
  onSubmit,
  onOpen,
  submitLabel,
  pendingLabel,
  pending,
  submitVariant,
  submitDisabled = false,
  children,
}: FormDialogProps<TFieldValues, TValues>) {
  const [open, setOpen] = useState(false);
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      setOpen(false);
    } catch (error) {
      showServerFieldErrors(form.setError, error);
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) onOpen?.();
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          {children}
          <DialogFooter>
            <Button type="submit" variant={submitVariant} disabled={pending || submitDisabled}>
              {pending ? pendingLabel : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
