import { WINDOW_FULL_CODE } from '@/contracts/delivery-window-terms';
import { Plus } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { todayInLosAngeles } from '@/contracts/dates';
import type { FieldPath } from 'react-hook-form';
import type { PhoneOrderCreated, PhoneOrderInput } from '@/contracts/phone-orders';
import { DialogFrame } from '@/web/components/dialog-frame';
import { Button } from '@/web/components/ui/button';
import { DialogFooter } from '@/web/components/ui/dialog';
import { ApiError } from '@/web/lib/api';
import { showServerFieldErrors } from '@/web/lib/form-errors';
import { useServerToday } from '@/web/lib/server-today';
import { IconButton } from '../ui/icon-button';
import { QueryState } from '../ui/query-state';
import { useCreatePhoneOrder, useOrderableModels, useRefreshDeliveryWindowOffer } from './api';
import { CopyLink } from './copy-link';
import { CustomerLookup } from './customer-lookup';
import { DeliveryWindowField } from './delivery-window-field';
import { ContactFields, DeliveryFields, RentalFields } from './new-order-fields';
import { blankOrderOn, useNewOrderForm, type NewOrderForm } from './new-order-form';

/**
 * "New order": the owner, on the phone with a customer, enters the order under the checkout's rules. The unit is
 * held and the customer is e-mailed a link to sign and pay; the dialog then shows that link. A refusal (ZIP out of
 * the area, out of stock...) is said at the top and by its field, and everything typed stays.
 */
export function NewOrderDialog({ onOpenOrder }: { onOpenOrder: (orderId: string) => void }) {
  const today = useServerToday().data ?? todayInLosAngeles();
  const form = useNewOrderForm(today);
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<PhoneOrderCreated | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const refreshWindows = useRefreshDeliveryWindowOffer();
  const create = useCreatePhoneOrder({
    onSuccess: setCreated,
    onError: (error) => {
      showServerFieldErrors(form.setError, error);
      // The window filled up meanwhile: the select shows the room there is now, the message stays at it.
      if (error instanceof ApiError && error.code === WINDOW_FULL_CODE) void refreshWindows();
      // The first refused field takes the focus (its message is read with it); else the message at the top shows.
      const field = error instanceof ApiError ? Object.keys(error.fieldErrors)[0] : undefined;
      if (field) form.setFocus(field as FieldPath<PhoneOrderInput>);
      setRefusal({ message: error.message, scrollTo: !field });
      // Said here, at the top and by its field: no toast repeats it.
      return 'shown';
    },
  });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) return;
    form.reset(blankOrderOn(today));
    setCreated(null);
    setRefusal(null);
  };
  const submit = form.handleSubmit((order) => {
    setRefusal(null);
    create.mutate(order);
  });

  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      trigger={<IconButton icon={Plus}>New order</IconButton>}
      title="New order"
      description="An order taken by phone: the unit is held and the customer is e-mailed a link to sign and pay."
      className="max-w-2xl"
    >
      {created ? (
        <OrderCreated
          created={created}
          onClose={() => setOpen(false)}
          onOpenOrder={() => {
            setOpen(false);
            onOpenOrder(created.orderId);
          }}
        />
      ) : (
        <form noValidate onSubmit={submit} className="grid gap-6">
          {refusal && <RefusalAlert refusal={refusal} />}
          <OrderFields form={form} today={today} />
          <DialogFooter>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create order'}
            </Button>
          </DialogFooter>
        </form>
      )}
    </DialogFrame>
  );
}

/** Why the server refused the order, in its words, at the top of the form. */
type Refusal = { message: string; scrollTo: boolean };

function RefusalAlert({ refusal }: { refusal: Refusal }) {
  const alert = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (refusal.scrollTo) alert.current?.scrollIntoView({ block: 'nearest' });
  }, [refusal]);
  return (
    <p
      ref={alert}
      role="alert"
      className="rounded-md border border-destructive p-3 text-sm font-medium text-destructive"
    >
      {refusal.message}
    </p>
  );
}

function FormPart({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid min-w-0 gap-4">
      <legend className="mb-2 font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

function OrderFields({ form, today }: { form: NewOrderForm; today: string }) {
  const models = useOrderableModels();
  return (
    <>
      <FormPart title="Customer">
        <CustomerLookup form={form} />
        <ContactFields form={form} />
      </FormPart>
      <FormPart title="Rental">
        <QueryState query={models} loadingLabel="Loading unit models..." errorTitle="The unit models could not load">
          {(list) => <RentalFields form={form} models={list} today={today} />}
        </QueryState>
      </FormPart>
      <FormPart title="Delivery">
        <DeliveryFields form={form} />
        <DeliveryWindowField form={form} today={today} />
      </FormPart>
    </>
  );
}

/** The order made: its number and the link the customer was e-mailed, to read out or copy. */
function OrderCreated({
  created,
  onClose,
  onOpenOrder,
}: {
  created: PhoneOrderCreated;
  onClose: () => void;
  onOpenOrder: () => void;
}) {
  const message = useRef<HTMLParagraphElement>(null);
  // The form and its submit button are gone: focus moves to what replaced them.
  useEffect(() => message.current?.focus(), []);
  return (
    <div className="grid gap-4">
      <p ref={message} tabIndex={-1} role="status" className="text-sm outline-none">
        Order {created.orderNumber} created. We e-mailed the customer a link to sign and pay:
      </p>
      <CopyLink id="new-order-link" label="Link to sign and pay" url={created.linkUrl} />
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Done
        </Button>
        <Button onClick={onOpenOrder}>Open order {created.orderNumber}</Button>
      </DialogFooter>
    </div>
  );
}
