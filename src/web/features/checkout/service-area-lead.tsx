import { useState } from 'react';
import type { DeliveryQuoteView } from '@/contracts/service-area';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { useLeaveLead } from './api';

/**
 * Under the ZIP field when we cannot deliver there: why (out of the area, or no such ZIP), and for an address out
 * of the area, a one-field form to hear when we start delivering there.
 */
export function ZipNotice({
  quote,
  email,
}: {
  quote: Pick<DeliveryQuoteView, 'status' | 'zipCode' | 'message'> | undefined;
  email: string;
}) {
  if (!quote || (quote.status !== 'out_of_area' && quote.status !== 'unknown')) return null;
  return (
    <div role="status" className="grid gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
      <p className="font-medium">{quote.message}</p>
      {quote.status === 'out_of_area' && <LeadForm zipCode={quote.zipCode} email={email} />}
    </div>
  );
}

function LeadForm({ zipCode, email }: { zipCode: string; email: string }) {
  const [address, setAddress] = useState(email);
  const lead = useLeaveLead();
  if (lead.data) return <p className="font-medium text-success">{lead.data.message}</p>;
  return (
    // Not a nested <form>: it sits inside the registration form, so it submits with its own button.
    <div className="grid gap-2" role="group" aria-labelledby="lead-heading">
      <p id="lead-heading">Leave your e-mail and we&apos;ll tell you when we deliver to your area.</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor="lead-email">Email for updates</Label>
          <Input
            id="lead-email"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={address}
            onChange={(event) => setAddress(event.target.value)}
          />
        </div>
        <Button
          type="button"
          variant="outline"
          disabled={lead.isPending}
          onClick={() => lead.mutate({ email: address, zipCode, kind: 'service_area' })}
        >
          {lead.isPending ? 'Saving...' : 'Notify me'}
        </Button>
      </div>
    </div>
  );
}
