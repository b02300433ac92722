import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the server's field errors ({ error: { fields } }) on the form's fields, so a 409 "already
 * exists" or a server-side rule shows under the field it is about. Returns true when any was set.
 */
export function applyServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): boolean {
  if (!(error instanceof ApiError)) return false;
  let any = false;
  for (const [field, message] of Object.entries(error.fields)) {
    if (field === '_') continue;
    setError(field as Path<T>, { type: 'server', message });
    any = true;
  }
  return any;
}

/** `<input type="number">` value for react-hook-form: empty is null, anything else a number. */
export const numberOrNull = (value: unknown): number | null => (value === '' || value === null || value === undefined ? null : Number(value));
/** As numberOrNull, but empty is undefined (so the schema's default applies). */
export const numberOrUndefined = (value: unknown): number | undefined => (value === '' || value === null || value === undefined ? undefined : Number(value));
