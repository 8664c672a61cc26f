import { Badge } from '@/web/components/ui/badge';
import { useModelInventory } from './api';

/** Spec section 4: 'Checking...' while loading, '{n} Available' when above 0, 'Out of Stock' otherwise. */
export function AvailabilityBadge({ modelId }: { modelId: string }) {
  const { data, isLoading } = useModelInventory(modelId);
  if (isLoading) return <Badge variant="outline">Checking...</Badge>;
  const available = data?.available ?? 0;
  if (available > 0) return <Badge>{available} Available</Badge>;
  return <Badge variant="destructive">Out of Stock</Badge>;
}
