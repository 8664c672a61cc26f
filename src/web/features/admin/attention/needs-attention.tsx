import { AlertTriangle } from 'lucide-react';
import type { AttentionItem, AttentionKind } from '@/contracts/admin/attention';
import { formatCalendarDate } from '@/contracts/dates';
import { Badge, type BadgeProps } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { useState } from 'react';
import { BookVisitDialog } from '../ui/book-visit-dialog';
import { useNeedsAttention, useOpenPickup } from './api';

const kindLabels: Record<AttentionKind, string> = {
  suspended: 'Suspended',
  past_due: 'Past due',
  cancellation_request: 'Cancellation',
  delivery_due: 'Delivery',
  pickup_due: 'Pickup',
  unit_out: 'Unit out',
};
/** Money owed is red; a decision is grey; visits and units are outlined. */
const kindVariant = (kind: AttentionKind): BadgeProps['variant'] =>
  kind === 'suspended' || kind === 'past_due'
    ? 'destructive'
    : kind === 'cancellation_request'
      ? 'secondary'
      : 'outline';

/**
 * "Schedule pickup" opens the booking (day and window, the customer e-mailed) of the rental's pickup, first opening
 * one when there is none; it never books by itself. Closed unbooked, the pickup stays "not scheduled yet".
 */
function AttentionRow({ item }: { item: AttentionItem }) {
  const [booking, setBooking] = useState<string | null>(null);
  const openPickup = useOpenPickup({ onSuccess: (opened) => setBooking(opened.id) });
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2 text-sm">
      <Badge variant={kindVariant(item.kind)}>{kindLabels[item.kind]}</Badge>
      <span className="font-mono font-semibold">{item.orderNumber}</span>
      <span>{item.customerName}</span>
      {/* At least 12rem wide: on a phone the detail takes its own line rather than a word per line. */}
      <span className="min-w-48 flex-1 text-muted-foreground">
        {item.detail}
        {item.date && ` · ${formatCalendarDate(item.date)}`}
      </span>
      {item.canSchedulePickup && (
        <Button
          size="sm"
          variant="outline"
          disabled={openPickup.isPending}
          onClick={() => (item.pickupId ? setBooking(item.pickupId) : openPickup.mutate(item.orderId))}
          aria-label={`Schedule pickup for ${item.orderNumber}`}
        >
          Schedule pickup
        </Button>
      )}
      {booking && <BookVisitDialog visitId={booking} onClose={() => setBooking(null)} />}
    </li>
  );
}

/** The owner's to-do list above the tabs: late payments, decisions, visits not ready, units still out. */
export function NeedsAttention() {
  const { data } = useNeedsAttention();
  if (!data || data.items.length === 0) return null;
  return (
    <section aria-labelledby="needs-attention-heading" className="rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 id="needs-attention-heading" className="flex items-center gap-2 text-lg font-semibold">
        <AlertTriangle aria-hidden="true" className="size-5" /> Needs attention ({data.items.length})
      </h2>
      <ul className="mt-2 divide-y">
        {data.items.map((item) => (
          <AttentionRow key={`${item.kind}:${item.orderId}`} item={item} />
        ))}
      </ul>
    </section>
  );
}
