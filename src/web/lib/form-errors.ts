import type { FieldValues, Path, UseFormGetValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/** Shows the server's per-field messages (a 400's `fieldErrors`) under the form's own fields. */
export function showServerFieldErrors<T extends FieldValues>(setError: UseFormSetError<T>, error: unknown): void {
  if (!(error instanceof ApiError)) return;
  for (const [field, message] of Object.entries(error.fieldErrors)) setError(field as Path<T>, { message });
}

/**
 * Whether the form's own fields say every message of the server's refusal (all its `fieldErrors` name a field the
 * form holds): then no notice needs to repeat it. A refusal with no field, or one naming a field the form does not
 * hold, still needs its notice.
 */
export function saidByFields<T extends FieldValues>(getValues: UseFormGetValues<T>, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const fields = Object.keys(error.fieldErrors);
  return fields.length > 0 && fields.every((field) => getValues(field as Path<T>) !== undefined);
}
