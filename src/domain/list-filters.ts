import { isIsoDate } from './dates.js';
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

/**
 * A from/to pair checked as zod's object-level refine checks it (the API's schemas): it compares
 * the trimmed texts, blank as absent, even when one is no valid date, and fails on `to` when `to`
 * is before `from`. zod skips the check when a failure that stops parsing came first: a value
 * outside a choice list (`stoppingKeys`) or a number key whose value is no number (`numberKeys`).
 */
export function withDateRange<T>(
  filters: PlainFilters<T>,
  options: { stoppingKeys?: readonly string[]; numberKeys?: readonly string[] } = {},
): PlainFilters<T> {
  const stopping = new Set(options.stoppingKeys ?? []);
  const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() || undefined : undefined);
  const safeParse = (raw: Record<string, unknown>): PlainParseResult<T> => {
    const result = filters.safeParse(raw);
    const issues = result.success ? [] : [...result.error.issues];
    const stopped =
      issues.some((i) => stopping.has(i.path[0])) ||
      (options.numberKeys ?? []).some((key) => raw[key] !== undefined && coerceNumber(raw[key]) === invalid);
    const from = trimmed(raw.from);
    const to = trimmed(raw.to);
    if (!stopped && from && to && to < from) issues.push({ path: ['to'] });
    return issues.length ? { success: false, error: { issues } } : result;
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

/** A calendar day YYYY-MM-DD (trimmed), or blank / absent for none (undefined). */
export const optionalDay: FieldReader<string | undefined> = (value) => {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') return invalid;
  const day = value.trim();
  if (!day) return undefined;
  return isIsoDate(day) ? day : invalid;
};

/** A reader whose absent (or blank) value is `fallback`. */
export const withDefault =
  <V>(read: FieldReader<V | undefined>, fallback: V): FieldReader<V> =>
  (value) => {
    const v = read(value);
    return v === undefined ? fallback : v;
  };
