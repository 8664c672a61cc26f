import { Badge, type BadgeProps } from '@/web/components/ui/badge';

type Variant = NonNullable<BadgeProps['variant']>;

// One colour per meaning across orders, fees, e-mails and units (spec section 4's badge sets).
const variants: Record<string, Variant> = {
  active: 'success',
  paid: 'success',
  sent: 'success',
  available: 'success',
  approved: 'success',
  completed: 'secondary',
  rented: 'default',
  offered: 'success',
  pending: 'outline',
  scheduled: 'outline',
  maintenance: 'outline',
  waived: 'secondary',
  retired: 'secondary',
  declined: 'secondary',
  disabled: 'secondary',
  lapsed: 'secondary',
  left: 'secondary',
  removed: 'secondary',
  cancelled: 'destructive',
  canceled: 'destructive',
  failed: 'destructive',
  damaged: 'destructive',
};

export function StatusBadge({ status }: { status: string }) {
  return <Badge variant={variants[status] ?? 'outline'}>{status.replace('_', ' ')}</Badge>;
}
