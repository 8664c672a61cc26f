import { Search } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { customerLookupQuery, type CustomerLookupResult } from '@/contracts/phone-orders';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { IconButton } from '../ui/icon-button';
import { useCustomerLookup } from './api';
import type { NewOrderForm } from './new-order-form';

type Customer = NonNullable<CustomerLookupResult['customer']>;

const outcomeOf = (customer: Customer | null | undefined) =>
  customer === undefined
    ? ''
    : customer
      ? `Existing customer: ${customer.name} (${customer.email}). Their details are filled in below.`
      : "No customer with that e-mail or phone: enter the new customer's details.";

/** "Find customer": an existing customer by e-mail or phone fills in the contact fields; else they are typed in. */
export function CustomerLookup({ form }: { form: NewOrderForm }) {
  const [query, setQuery] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const lookup = useCustomerLookup();

  const fill = (customer: Customer) => {
    // Re-checked at once only after a submit, as the fields typed by hand are.
    const options = { shouldValidate: form.formState.isSubmitted, shouldDirty: true };
    form.setValue('customer.name', customer.name, options);
    form.setValue('customer.email', customer.email, options);
    form.setValue('customer.phone', customer.phone ?? '', options);
  };
  const find = () => {
    const parsed = customerLookupQuery.safeParse({ q: query });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? null);
    setProblem(null);
    lookup.mutate(parsed.data.q, { onSuccess: ({ customer }) => customer && fill(customer) });
  };
  // Enter here looks the customer up rather than submitting the order.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    find();
  };

  return (
    <div className="grid gap-2">
      <Field
        id="new-order-lookup"
        label="Find customer"
        description="Their e-mail address or phone number, for a customer who rented before."
        error={problem ?? lookup.error?.message}
      >
        {(props) => (
          <div className="flex gap-2">
            <Input
              {...props}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              onKeyDown={onKeyDown}
            />
            <IconButton type="button" variant="outline" icon={Search} disabled={lookup.isPending} onClick={find}>
              {lookup.isPending ? 'Finding...' : 'Find'}
            </IconButton>
          </div>
        )}
      </Field>
      <p role="status" className="text-sm">
        {outcomeOf(lookup.data?.customer)}
      </p>
    </div>
  );
}
