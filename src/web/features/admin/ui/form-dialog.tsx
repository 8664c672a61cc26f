import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { saidByFields, showServerFieldErrors } from '@/web/lib/form-errors';

/**
 * The life of a form in a dialog: it opens blank (`onOpen` resets anything else, such as a preview), closes once
 * its action succeeds, and shows the server's field errors by their fields when it fails. Spread `dialog` on the FormDialogFrame
 * (@/web/components/form-dialog) and pass `callbacks` to the action's mutation hook.
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
      // Said by the fields themselves: no notice in the dialog repeats it (else it shows there, use-toast.ts).
      onError: (error: Error) => {
        showServerFieldErrors(form.setError, error);
        return saidByFields(form.getValues, error) ? ('shown' as const) : undefined;
      },
    },
  };
}
