import type { FormEventHandler, ReactNode } from 'react';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/web/components/ui/dialog';

/**
 * The frame of every admin form dialog: the trigger, title and description, the form, and a footer whose last
 * button submits. `onOpen` runs each time it opens (to reset the form to blank).
 */
export function FormDialog({
  open,
  onOpenChange,
  onOpen,
  trigger,
  title,
  description,
  className,
  onSubmit,
  submitLabel,
  pendingLabel,
  pending,
  submitDisabled = false,
  secondaryAction,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onOpen?: () => void;
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  className?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  submitDisabled?: boolean;
  /** A button before the submit button (Preview). */
  secondaryAction?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (next) onOpen?.();
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          {children}
          <DialogFooter>
            {secondaryAction}
            <Button type="submit" disabled={pending || submitDisabled}>
              {pending ? pendingLabel : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
