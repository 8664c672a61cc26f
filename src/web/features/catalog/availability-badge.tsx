import { Badge } from '@/web/components/ui/badge';
import { useModelInventory } from './api';

/**
 * Spec section 4: 'Checking...' while loading, '{n} Available' when above 0, 'Out of Stock' otherwise. Units held
 * by checkouts not yet paid are shown apart ('{n} on hold'): they come back if those checkouts are not paid.
 */
export function AvailabilityBadge({ modelId }: { modelId: string }) {
  const { data, isLoading } = useModelInventory(modelId);
  if (isLoading) return <Badge variant="outline">Checking...</Badge>;
  const available = data?.available ?? 0;
  const held = data?.held ?? 0;
  return (
    <span className="flex flex-wrap items-center justify-end gap-1">
      {available > 0 ? <Badge>{available} Available</Badge> : <Badge variant="destructive">Out of Stock</Badge>}
      {held > 0 && (
        <Badge variant="outline" title="Reserved by checkouts in progress; back in stock if not paid">
          {held} on hold
        </Badge>
      )}
    </span>
  );
}
