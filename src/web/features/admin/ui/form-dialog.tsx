import { useState, type ComponentProps, type FormEventHandler, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Button } from '@/web/components/ui/button';
import { DialogFooter } from '@/web/components/ui/dialog';
import { showServerFieldErrors } from '@/web/lib/form-errors';
import { DialogFrame } from './dialog-frame';

/**
 * The life of a form in a dialog: it opens blank (`onOpen` resets anything else, such as a preview), closes once
 * its action succeeds, and shows the server's field errors when it fails. Spread `dialog` on the FormDialog and
 * pass `callbacks` to the action's mutation hook.
 */
export function useFormDialog<T extends FieldValues, TTransformed>(
  form: UseFormReturn<T, unknown, TTransformed>,
  blank: T,
  onOpen?: () => void,
) {
  const [open, setOpen] = useState(false);
  return {
    open,
    dialog: {
      open,
      onOpenChange: (next: boolean) => {
        setOpen(next);
        if (!next) return;
        form.reset(blank);
        onOpen?.();
      },
    },
    callbacks: {
      onSuccess: () => setOpen(false),
      onError: (error: Error) => showServerFieldErrors(form.setError, error),
    },
  };
}

/** The frame of every admin form dialog: the form, then a footer whose last button submits it. */
export function FormDialog({
  onSubmit,
  title,
  submitLabel = title,
  pendingLabel,
  pending,
  submitDisabled = false,
  secondaryAction,
  children,
  ...frame
}: Omit<ComponentProps<typeof DialogFrame>, 'children'> & {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The submit button's words: the dialog's title unless said. */
  submitLabel?: string;
  pendingLabel: string;
  pending: boolean;
  submitDisabled?: boolean;
  /** A button before the submit button (Preview). */
  secondaryAction?: ReactNode;
  children: ReactNode;
}) {
  return (
    <DialogFrame title={title} {...frame}>
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        {children}
        <DialogFooter>
          {secondaryAction}
          <Button type="submit" disabled={pending || submitDisabled}>
            {pending ? pendingLabel : submitLabel}
          </Button>
        </DialogFooter>
      </form>
    </DialogFrame>
  );
}
