import { useQuery } from '@tanstack/react-query';
import { business } from '@/contracts/business';
import { formatCents } from '@/contracts/money';
import type { PublicServiceArea } from '@/contracts/service-area';
import { apiRequest } from './api';

// The home page, the FAQ and checkout all word the service area from the owner's settings, so it lives below them.
const serviceAreaKey = ['/api/service-area'] as const;

export const getServiceArea = () => apiRequest<PublicServiceArea>('GET', '/api/service-area');

export function useServiceArea() {
  return useQuery({ queryKey: serviceAreaKey, queryFn: getServiceArea, staleTime: 5 * 60_000 });
}

/** The delivery terms as the pages word them; the spec's 10 free miles until the settings have loaded. */
export function useDeliveryTerms() {
  const { data } = useServiceArea();
  return {
    loaded: Boolean(data),
    freeMiles: data?.freeDeliveryMiles ?? business.freeDeliveryMiles,
    radiusMiles: data?.serviceRadiusMiles ?? null,
    depotCity: data?.depotCity ?? null,
    charge: data ? formatCents(data.deliveryChargeCents) : null,
    areas: data?.areas ?? null,
  };
}
