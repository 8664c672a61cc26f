import { useMutation, useQuery } from '@tanstack/react-query';
import type { ModelInventory, UnitModelSummary } from '@/contracts/catalog';
import type { StockAlertInput } from '@/contracts/stock-alerts';
import { apiRequest } from '@/web/lib/api';

export const catalogKeys = {
  unitModels: ['/api/unit-models'] as const,
  inventory: (modelId: string | undefined) => ['/api/inventory', modelId] as const,
};

export const getUnitModels = () => apiRequest<UnitModelSummary[]>('GET', '/api/unit-models');

export const getModelInventory = (modelId: string) =>
  apiRequest<ModelInventory>('GET', `/api/inventory/${encodeURIComponent(modelId)}`);

/** The unit models on offer: the catalog, the home page's pricing, the weekly prices and checkout's plan card. */
export function useUnitModels() {
  return useQuery({ queryKey: catalogKeys.unitModels, queryFn: getUnitModels });
}

/** How many units of one model can be rented now: always read live, never baked into a prerendered page. */
export function useModelInventory(modelId: string) {
  return useQuery({
    queryKey: catalogKeys.inventory(modelId),
    queryFn: () => getModelInventory(modelId),
    meta: { prerender: false },
  });
}

export const askStockAlert = (input: StockAlertInput) =>
  apiRequest<{ message: string }>('POST', '/api/stock-alerts', input);

/** "Notify me" on an out-of-stock model: kept as a lead, e-mailed once when the model is back in stock. */
export function useStockAlert() {
  return useMutation({ mutationFn: askStockAlert });
}
