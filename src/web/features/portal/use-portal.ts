import { useQuery } from '@tanstack/react-query';
import type { PortalView } from '@/contracts/portal';

export const portalQueryKey = (orderId: string) => ['/api/portal', orderId] as const;

export function usePortal(orderId: string) {
  return useQuery<PortalView>({ queryKey: portalQueryKey(orderId) });
}
