import { useMutation, useQuery } from '@tanstack/react-query';
import type { ModelInventory, UnitModelSummary } from '@/contracts/catalog';
import type { WaitlistJoinInput, WaitlistPlace } from '@/contracts/waitlist';
import { apiRequest } from '@/web/lib/api';
import { useModelsInLocale } from '@/web/lib/model-text';

export const catalogKeys = {
  unitModels: ['/api/unit-models'] as const,
  inventory: (modelId: string | undefined) => ['/api/inventory', modelId] as const,
};

export const getUnitModels = () => apiRequest<UnitModelSummary[]>('GET', '/api/unit-models');

export const getModelInventory = (modelId: string) =>
  apiRequest<ModelInventory>('GET', `/api/inventory/${encodeURIComponent(modelId)}`);

/** The unit models on offer: the catalog, the home page's pricing, the weekly prices and checkout's plan card. */
export function useUnitModels() {
  const select = useModelsInLocale();
  return useQuery({ queryKey: catalogKeys.unitModels, queryFn: getUnitModels, select });
}

/** How many units of one model can be rented now: always read live, never baked into a prerendered page. */
export function useModelInventory(modelId: string) {
  return useQuery({
    queryKey: catalogKeys.inventory(modelId),
    queryFn: () => getModelInventory(modelId),
    meta: { prerender: false },
  });
}

export const joinWaitlist = (input: WaitlistJoinInput) => apiRequest<WaitlistPlace>('POST', '/api/stock-alerts', input);

/** "Join the waitlist" on an out-of-stock model: a place in its line, first come, first offered (ADR 036). */
export function useJoinWaitlist() {
  return useMutation({ mutationFn: joinWaitlist });
}
