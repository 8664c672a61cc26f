import { useQuery } from '@tanstack/react-query';
import type {
  AdminUnit,
  AdminUnitList,
  AdminUnitModel,
  BulkUnitStatusInput,
  UnitInput,
  UnitModelInput,
  UnitModelUpdate,
  UnitUpdateInput,
} from '@/contracts/admin/inventory';
import { ApiError } from '@/web/lib/api';
import { adminKeys, adminRequest, adminResource, saved, useAdminMutation, type MutationCallbacks } from '../api';

const unitsPath = '/api/admin/units';
const units = adminResource(adminKeys.units, unitsPath);
const unitModelsPath = '/api/admin/unit-models';
const unitModels = adminResource(adminKeys.unitModels, unitModelsPath);

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
  return useQuery(unitModels.all<AdminUnitModel[]>());
}

/** A model's name shows on its units' cards; its counts depend on the units. */
const unitModelChangeInvalidates = [adminKeys.unitModels, adminKeys.units];

/** Creates a unit model, or saves the changes to `model`. */
export function useSaveUnitModel(
  model: AdminUnitModel | undefined,
  callbacks: MutationCallbacks<AdminUnitModel, UnitModelInput> = {},
) {
  return useAdminMutation({
    ...callbacks,
    mutationFn: (values: UnitModelInput) =>
      model
        ? adminRequest<AdminUnitModel>('PATCH', `${unitModelsPath}/${model.id}`, values)
        : adminRequest<AdminUnitModel>('POST', unitModelsPath, values),
    success: (result) => saved(model ? `${result.name} updated` : `${result.name} added to the catalog`),
    invalidates: unitModelChangeInvalidates,
    errorFallback: 'The unit model could not be saved',
  });
}

/** Takes a model out of the catalog, or offers it again. */
export function useToggleUnitModel() {
  return useAdminMutation({
    mutationFn: (model: AdminUnitModel) =>
      adminRequest<AdminUnitModel>('PATCH', `${unitModelsPath}/${model.id}`, {
        active: !model.active,
      } satisfies UnitModelUpdate),
    success: (model) =>
      saved(model.active ? `${model.name} is offered in the catalog` : `${model.name} is no longer offered`),
    invalidates: unitModelChangeInvalidates,
    errorFallback: 'The unit model could not be saved',
  });
}

export function useDeleteUnitModel(model: AdminUnitModel, callbacks: MutationCallbacks<unknown, void> = {}) {
  return useAdminMutation({
    ...callbacks,
    mutationFn: () => adminRequest('DELETE', `${unitModelsPath}/${model.id}`),
    success: () => ({ title: 'Deleted', description: `${model.name} was deleted` }),
    invalidates: unitModelChangeInvalidates,
    errorFallback: 'The unit model could not be deleted',
  });
}

export function useCreateUnit(callbacks: MutationCallbacks<unknown, UnitInput> = {}) {
  return useAdminMutation({
    ...callbacks,
    mutationFn: (values: UnitInput) => adminRequest('POST', unitsPath, values),
    success: () => saved('Unit added to the inventory'),
    invalidates: [adminKeys.units, adminKeys.stats, adminKeys.unitModels],
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
    // The models' unit counts too.
    invalidates: [...unitChangeInvalidates, adminKeys.unitModels],
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

/** Sends a model's photo as the request body, typed by its image type (the server checks the bytes too). */
async function uploadPhoto(model: AdminUnitModel, file: File): Promise<{ photoUrl: string }> {
  const response = await fetch(`${unitModelsPath}/${model.id}/photo`, {
    method: 'PUT',
    credentials: 'include',
    headers: { 'content-type': file.type || 'application/octet-stream' },
    body: file,
  });
  const text = await response.text();
  if (!response.ok) {
    let message = text || response.statusText;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? message;
    } catch {
      // Not JSON: keep the raw text.
    }
    throw new ApiError(response.status, message, {}, text);
  }
  return JSON.parse(text) as { photoUrl: string };
}

/** The photo that replaces a model's drawing on the site; the catalog shows the new one at once (its URL changes). */
export function useUploadUnitModelPhoto(model: AdminUnitModel, callbacks: MutationCallbacks<unknown, File> = {}) {
  return useAdminMutation({
    ...callbacks,
    mutationFn: (file: File) => uploadPhoto(model, file),
    success: () => saved(`Photo of ${model.name} uploaded`),
    invalidates: [adminKeys.unitModels],
    errorFallback: 'The photo could not be uploaded',
  });
}

export function useRemoveUnitModelPhoto(model: AdminUnitModel, callbacks: MutationCallbacks<unknown, void> = {}) {
  return useAdminMutation({
    ...callbacks,
    mutationFn: () => adminRequest('DELETE', `${unitModelsPath}/${model.id}/photo`),
    success: () => saved(`Photo of ${model.name} removed: the site draws it again`),
    invalidates: [adminKeys.unitModels],
    errorFallback: 'The photo could not be removed',
  });
}
