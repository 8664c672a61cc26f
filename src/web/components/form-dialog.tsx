import { useState, type ComponentProps, type FormEventHandler, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { showServerFieldErrors } from '@/web/lib/form-errors';
import { DialogFrame } from './dialog-frame';
import { Button, type ButtonProps } from './ui/button';
import { DialogFooter } from './ui/dialog';

/**
 * The frame of a form in a dialog, opened and closed by its owner: the title and description, the form, then a
 * footer whose last button submits it and shows the request.
 */
export function FormDialogFrame({
  onSubmit,
  title,
  submitLabel = title,
  pendingLabel,
  pending,
  submitVariant,
  submitDisabled = false,
  secondaryAction,
  children,
  ...frame
}: Omit<ComponentProps<typeof DialogFrame>, 'children'> & {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The submit button's words: the dialog's title unless said. */
  submitLabel?: string;
  /** The submit button's text while the request runs ("Saving..."). */
  pendingLabel: string;
  pending: boolean;
  submitVariant?: ButtonProps['variant'];
  /** Holds the submit back for a reason of the form's own (a date the rules refuse). */
  submitDisabled?: boolean;
  /** A button before the submit button (Preview). */
  secondaryAction?: ReactNode;
  /** The form's fields. */
  children: ReactNode;
}) {
  return (
    <DialogFrame title={title} {...frame}>
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        {children}
        <DialogFooter>
          {secondaryAction}
          <Button type="submit" variant={submitVariant} disabled={pending || submitDisabled}>
            {pending ? pendingLabel : submitLabel}
          </Button>
        </DialogFooter>
      </form>
    </DialogFrame>
  );
}

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
  form,
  onSubmit,
  onOpen,
  ...dialog
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
    <FormDialogFrame
      {...dialog}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) onOpen?.();
      }}
      onSubmit={submit}
    />
  );
}
