import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the server's field errors ({ error: { fields } }) on the form's fields, so a 409 "already
 * exists" or a server-side rule shows under the field it is about, and focuses the first of them.
 * `known` (the form's values, or their names) limits it to fields the form shows: a message for a
 * field the form does not have is left to the caller's banner. Returns true when any was set.
 *
 *   catch (error) {
 *     if (!applyServerFieldErrors(error, form.setError, { known: form.getValues() })) setBanner(errorMessage(error, 'Failed to save'));
 *   }
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  options: { known?: object | readonly string[]; focus?: boolean } = {},
): boolean {
  if (!(error instanceof ApiError)) return false;
  const known =
    options.known === undefined
      ? null
      : new Set(Array.isArray(options.known) ? (options.known as readonly string[]) : Object.keys(options.known));
  let any = false;
  for (const [field, message] of Object.entries(error.fields)) {
    // "_" is the form as a whole; nested paths ("skills.0.name") belong to their top field.
    if (field === '_' || (known && !known.has(field.split('.')[0]!))) continue;
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: (options.focus ?? true) && !any });
    any = true;
  }
  return any;
}

/** `<input type="number">` value for react-hook-form: empty is null, anything else a number. */
export const numberOrNull = (value: unknown): number | null =>
  value === '' || value === null || value === undefined ? null : Number(value);
/** As numberOrNull, but empty is undefined (so the schema's default applies). */
export const numberOrUndefined = (value: unknown): number | undefined =>
  value === '' || value === null || value === undefined ? undefined : Number(value);
