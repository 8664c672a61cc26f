import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Toast } from 'radix-ui';
import { cn } from '@/web/lib/utils';
import { dismissToast, useToasts } from './use-toast';

export { toast } from './use-toast';

const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

/**
 * Renders the toasts of `toast()` in a Radix viewport (a labelled region, focusable with F8). Mount once, in the
 * app shell. Toasts raised while a dialog is open are shown by the dialog instead (dialog-toasts.tsx).
 */
export function Toaster() {
  const { t } = useTranslation();
  // A dialog's toasts are its own (dialog-toasts.tsx) while it is open.
  const toasts = useToasts().filter((item) => item.dialog === undefined);
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={SWIPE_THRESHOLD_PX}>
      {toasts.map(({ id, title, description, variant = 'default', open }) => (
        <Toast.Root
          key={id}
          open={open}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
          type={variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-lg border p-4 pr-10 shadow-lg data-[state=open]:animate-slide-in-bottom sm:data-[state=open]:animate-slide-in-right',
            'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:hidden',
            variant === 'destructive'
              ? 'border-destructive bg-destructive text-destructive-foreground'
              : 'bg-background text-foreground',
          )}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{title}</Toast.Title>
            {description && <Toast.Description className="text-sm opacity-95">{description}</Toast.Description>}
          </div>
          <Toast.Close
            aria-label={t('ui.close')}
            className="absolute top-2 right-2 rounded-md p-1 opacity-80 outline-none hover:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/60"
          >
            <X aria-hidden="true" className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      {/* The viewport lets clicks through around its toasts: its padding must not cover the buttons beneath it. */}
      <Toast.Viewport className="pointer-events-none fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-full list-none flex-col gap-2 p-4 outline-none sm:max-w-[420px]" />
    </Toast.Provider>
  );
}
