import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';

/** Puts a 400's per-field messages (DESIGN.md §4 `fields`) under the form's fields; false when there were none. */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
): boolean {
  const fields = error instanceof ApiError && error.status === 400 ? error.error?.fields : undefined;
  if (!fields || Object.keys(fields).length === 0) return false;
  for (const [name, message] of Object.entries(fields)) setError(name as Path<T>, { message });
  return true;
}
