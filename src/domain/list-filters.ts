import { isUuidV4 } from './ids.js';

/**
 * List filters as they come from a URL, read without zod (decision 020): a list that is the first
 * screen of a visit (/units) reads its filters on every render, and its path loads no schema
 * library. Each reader follows a zod schema the API validates with (the schema is the reference;
 * the unit tests run both over the same inputs), and `plainFilters` gives them the part of zod's
 * object interface that `useUrlFilters` uses: `safeParse` naming the keys that failed, and `parse`.
 */

/** One query-string value (absent: undefined) -> its value, or `invalid`. */
export type FieldReader<T> = (value: unknown) => T | typeof invalid;
export const invalid = Symbol('invalid');

export type PlainParseResult<T> =
  { success: true; data: T } | { success: false; error: { issues: { path: [string] }[] } };

export interface PlainFilters<T> {
  safeParse(raw: Record<string, unknown>): PlainParseResult<T>;
  parse(raw: Record<string, unknown>): T;
}

export function plainFilters<T extends object>(fields: { [K in keyof T]-?: FieldReader<T[K]> }): PlainFilters<T> {
  const safeParse = (raw: Record<string, unknown>): PlainParseResult<T> => {
    const data: Record<string, unknown> = {};
    const issues: { path: [string] }[] = [];
    for (const [key, read] of Object.entries(fields) as [string, FieldReader<unknown>][]) {
      const value = read(raw[key]);
      if (value === invalid) issues.push({ path: [key] });
      else data[key] = value;
    }
    return issues.length ? { success: false, error: { issues } } : { success: true, data: data as T };
  };
  return {
    safeParse,
    parse(raw) {
      const result = safeParse(raw);
      if (!result.success)
        throw new RangeError(`Invalid filters: ${result.error.issues.map((i) => i.path[0]).join(', ')}`);
      return result.data;
    },
  };
}

/** Trimmed text; blank is no filter (undefined); longer than `max` after trimming is invalid. */
export const optionalText =
  (max: number): FieldReader<string | undefined> =>
  (value) => {
    if (value === undefined) return undefined;
    if (typeof value !== 'string') return invalid;
    const text = value.trim();
    if (text.length > max) return invalid;
    return text || undefined;
  };

/** One of `values` exactly, or '' / absent for none (undefined). */
export const optionalOneOf =
  <V extends string>(values: readonly V[]): FieldReader<V | undefined> =>
  (value) => {
    if (value === undefined || value === '') return undefined;
    return typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as V) : invalid;
  };

/** A UUID v4 (trimmed), or blank / absent for none (undefined). */
export const optionalUuid: FieldReader<string | undefined> = (value) => {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') return invalid;
  const id = value.trim();
  if (!id) return undefined;
  return isUuidV4(id) ? id : invalid;
};

/** zod's `z.coerce.number()`: Number(value), refusing NaN and infinities. */
function coerceNumber(value: unknown): number | typeof invalid {
  const n = Number(value);
  return Number.isFinite(n) ? n : invalid;
}

/** ?page=: a whole number from 1 (absent: 1). */
export const pageNumber: FieldReader<number> = (value) => {
  if (value === undefined) return 1;
  const n = coerceNumber(value);
  return n !== invalid && Number.isSafeInteger(n) && n >= 1 ? n : invalid;
};

/** ?pageSize=: one of `sizes` (absent: `fallback`). */
export const pageSizeOf =
  (sizes: readonly number[], fallback: number): FieldReader<number> =>
  (value) => {
    if (value === undefined) return fallback;
    const n = coerceNumber(value);
    return n !== invalid && sizes.includes(n) ? n : invalid;
  };
