import { Badge, type BadgeProps } from '@/web/components/ui/badge';

const styles: Record<string, { label: string; variant: BadgeProps['variant'] }> = {
  active: { label: 'Active', variant: 'success' },
  pending: { label: 'Pending', variant: 'secondary' },
  completed: { label: 'Completed', variant: 'outline' },
  cancelled: { label: 'Cancelled', variant: 'destructive' },
  // The spec's portal also recognises the one-l spelling.
  canceled: { label: 'Cancelled', variant: 'destructive' },
};

export function OrderStatusBadge({ status }: { status: string }) {
  const style = styles[status] ?? { label: status, variant: 'outline' as const };
  return <Badge variant={style.variant}>{style.label}</Badge>;
}
