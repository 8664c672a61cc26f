import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnitModelSummary } from '@/contracts/catalog';
import type { Locale } from '@/contracts/locale';
import { localeOrDefault } from '@/i18n/locale';

type ModelText = Pick<
  UnitModelSummary,
  'name' | 'recommendedRoomSize' | 'description' | 'nameEs' | 'recommendedRoomSizeEs' | 'descriptionEs'
>;

/**
 * A unit model as a reader of `locale` sees it: in Spanish, the owner's Spanish name, room size and description,
 * each falling back to the English where the owner left it blank. Everything else is kept as it is.
 */
export function modelInLocale<Model extends ModelText>(model: Model, locale: Locale): Model {
  if (locale !== 'es') return model;
  return {
    ...model,
    name: model.nameEs ?? model.name,
    recommendedRoomSize: model.recommendedRoomSizeEs ?? model.recommendedRoomSize,
    description: model.descriptionEs ?? model.description,
  };
}

/** A query's `select` that shows a list of models in the page's language (modelInLocale). */
export function useModelsInLocale() {
  const { i18n } = useTranslation();
  const locale = localeOrDefault(i18n.language);
  return useCallback((models: UnitModelSummary[]) => models.map((model) => modelInLocale(model, locale)), [locale]);
}
