import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FastForward } from 'lucide-react';
import { useState } from 'react';
import { billingClockAdvanceInput, type BillingClockView } from '@/contracts/admin/billing-clock';
import { todayInLosAngeles } from '@/contracts/dates';
import { formatLongDateIn } from '@/i18n/format';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { adminRequest, useAdminMutation } from './api';
import { useIsAdminRole } from './me-api';

const clockKey = ['admin', 'billing-clock'] as const;

/** "Friday, November 27, 2026": the Los Angeles day of the clock's instant. */
const appDate = (view: BillingClockView) => formatLongDateIn('en', todayInLosAngeles(new Date(view.now)));

/**
 * The demo's billing clock (issue 33): the app's date, and for the admin role a "move forward" by days, so a demo
 * of renewals, dunning and late fees needs no curl. The server offers the clock only with the embedded payment
 * gateway outside production (admin/billing-clock-routes.ts); anywhere else its GET is a 404 and this shows nothing.
 */
export function BillingClock() {
  const clock = useQuery({
    queryKey: clockKey,
    queryFn: () => adminRequest<BillingClockView>('GET', '/api/admin/billing-clock'),
    retry: false,
    staleTime: 60_000,
  });
  const isAdminRole = useIsAdminRole();
  const queryClient = useQueryClient();
  const [days, setDays] = useState('30');
  const [error, setError] = useState<string | null>(null);
  const advance = useAdminMutation<BillingClockView, number>({
    mutationFn: (value) => adminRequest<BillingClockView>('POST', '/api/admin/billing-clock/advance', { days: value }),
    errorFallback: 'The billing clock could not be moved.',
    success: (view) => ({
      title: 'Billing clock moved',
      description: `The app's date is now ${appDate(view)}.`,
    }),
    // Everything the dashboard shows may have changed (renewals, late fees, suspensions): all of it is read again.
    onSuccess: () => void queryClient.invalidateQueries(),
  });
  if (!clock.data) return null;
  const today = appDate(clock.data);
  return (
    <section aria-labelledby="billing-clock-title" className="rounded-lg border border-dashed p-4 text-sm">
      <h2 id="billing-clock-title" className="font-semibold">
        Demo billing clock
      </h2>
      <p className="mt-1 text-muted-foreground">
        The app&apos;s date is <span className="font-medium text-foreground">{today}</span>. Moving it forward runs
        renewals, failed payments, late fees and e-mails due on the way, as the days would.
      </p>
      {isAdminRole && (
        <form
          noValidate
          className="mt-3 flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const parsed = billingClockAdvanceInput.safeParse({ days: Number(days) });
            if (!parsed.success || days.trim() === '') {
              setError(parsed.error?.issues[0]?.message ?? 'Days must be a whole number from 1 to 400');
              return;
            }
            setError(null);
            advance.mutate(parsed.data.days);
          }}
        >
          <div className="grid gap-1">
            <label htmlFor="billing-clock-days" className="font-medium">
              Days
            </label>
            <Input
              id="billing-clock-days"
              type="number"
              inputMode="numeric"
              min={1}
              max={400}
              className="w-24"
              value={days}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'billing-clock-error' : undefined}
              onChange={(event) => setDays(event.target.value)}
            />
          </div>
          <Button type="submit" variant="outline" disabled={advance.isPending}>
            <FastForward aria-hidden="true" />
            {advance.isPending ? 'Moving forward...' : 'Move forward'}
          </Button>
          {error && (
            <p id="billing-clock-error" role="alert" className="w-full text-destructive">
              {error}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
