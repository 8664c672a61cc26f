import { useQuery } from '@tanstack/react-query';
import type {
  AdminUnit,
  AdminUnitList,
  BulkUnitStatusInput,
  UnitInput,
  UnitUpdateInput,
} from '@/contracts/admin/inventory';
import { adminKeys, adminRequest, adminResource, saved, useAdminMutation, type MutationCallbacks } from '../api';

const unitsPath = '/api/admin/units';
const units = adminResource(adminKeys.units, unitsPath);
const unitModels = adminResource(adminKeys.unitModels, '/api/admin/unit-models');

export interface UnitModel {
  id: string;
  name: string;
  btuTier: string;
}

export type UnitListParams = {
  status: string;
  modelId: string | undefined;
  search: string;
  page: number;
  pageSize: number;
};

/** A unit's status feeds the stats cards and the utilisation chart. */
const unitChangeInvalidates = [adminKeys.units, adminKeys.stats, adminKeys.analytics];

export function useUnits(params: UnitListParams) {
  return useQuery(units.page<AdminUnitList>(params));
}

export function useUnitModels() {
  return useQuery(unitModels.all<UnitModel[]>());
}

export function useCreateUnit(callbacks: MutationCallbacks<unknown, UnitInput> = {}) {
  return useAdminMutation({
    ...callbacks,
    mutationFn: (values: UnitInput) => adminRequest('POST', unitsPath, values),
    success: () => saved('Unit added to the inventory'),
    invalidates: [adminKeys.units, adminKeys.stats],
    errorFallback: 'The unit could not be added',
  });
}

/** Saves a unit's status or its notes from its card. */
export function useUpdateUnit(unitId: string) {
  return useAdminMutation({
    mutationFn: (change: UnitUpdateInput) => adminRequest<AdminUnit>('PATCH', `${unitsPath}/${unitId}`, change),
    success: (unit, change) =>
      saved(change.status ? `${unit.serial} is now ${unit.status}` : `Notes saved for ${unit.serial}`),
    invalidates: unitChangeInvalidates,
    errorFallback: 'The unit could not be saved',
  });
}

export function useDeleteUnit(unit: AdminUnit, callbacks: MutationCallbacks<unknown, void> = {}) {
  return useAdminMutation({
    ...callbacks,
    mutationFn: () => adminRequest('DELETE', `${unitsPath}/${unit.id}`),
    success: () => ({ title: 'Deleted', description: `Unit ${unit.serial} was deleted` }),
    invalidates: unitChangeInvalidates,
    errorFallback: 'The unit could not be deleted',
  });
}

export function useBulkUnitStatus(callbacks: MutationCallbacks<{ updated: number }, BulkUnitStatusInput> = {}) {
  return useAdminMutation({
    ...callbacks,
    mutationFn: (change: BulkUnitStatusInput) =>
      adminRequest<{ updated: number }>('POST', `${unitsPath}/bulk-status`, change),
    success: ({ updated }, { status }) => saved(`${updated} ${updated === 1 ? 'unit' : 'units'} set to ${status}`),
    invalidates: unitChangeInvalidates,
    errorFallback: 'The units could not be updated',
  });
}
