import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/** Shows the server's per-field messages (a 400's `fieldErrors`) under the form's own fields. */
export function showServerFieldErrors<T extends FieldValues>(setError: UseFormSetError<T>, error: unknown): void {
  if (!(error instanceof ApiError)) return;
  for (const [field, message] of Object.entries(error.fieldErrors)) setError(field as Path<T>, { message });
}
