import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { rentalStartDateOn } from '@/contracts/checkout';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { PHONE_HOLD_HOURS, phoneOrderInput, type PhoneOrderInput } from '@/contracts/phone-orders';

/** What the New order form's validation runs on: today (YYYY-MM-DD) on the server's clock once it answered. */
type NewOrderContext = { today: string };

/** The server's schema, with the start date's window checked here too on the app clock's today, as at checkout. */
const newOrderSchemaOn = (today: string) => phoneOrderInput.extend({ startDate: rentalStartDateOn(today) });
export type NewOrderValues = z.output<ReturnType<typeof newOrderSchemaOn>>;

export type NewOrderForm = UseFormReturn<PhoneOrderInput, NewOrderContext, NewOrderValues>;

const newOrderResolver: Resolver<PhoneOrderInput, NewOrderContext, NewOrderValues> = (values, context, options) =>
  zodResolver(newOrderSchemaOn(context?.today ?? todayInLosAngeles()))(values, context, options);

/**
 * A blank order: tomorrow's start, the monthly plan, the default hold. The dorm question has no answer until the
 * owner asks it (the schema then says it must be answered).
 */
export const blankOrderOn = (today: string) => ({
  customer: { name: '', email: '', phone: '' },
  planType: 'monthly' as const,
  unitModelId: '',
  startDate: addDays(today, 1),
  address: '',
  city: '',
  zipCode: '',
  buildingNotes: '',
  holdHours: PHONE_HOLD_HOURS.default,
});

export function useNewOrderForm(today: string): NewOrderForm {
  return useForm<PhoneOrderInput, NewOrderContext, NewOrderValues>({
    resolver: newOrderResolver,
    context: { today },
    defaultValues: blankOrderOn(today),
  });
}
