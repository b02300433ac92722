import { useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * What useUrlFilters needs of a schema: a zod object schema has it, and so has a plain reader
 * (src/domain/list-filters.ts) for a list that must load without zod (decision 020).
 */
export interface UrlFilterSchema<T> {
  safeParse(
    raw: Record<string, string>,
  ): { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[] }[] } };
  parse(raw: Record<string, string>): T;
}

/**
 * List filters live in the URL (shareable, survive reload, back button works), parsed with the
 * same zod schema the API uses (or a plain reader that follows it). Invalid values fall back to
 * the schema's defaults.
 */
export function useUrlFilters<T>(schema: UrlFilterSchema<T>) {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => {
    const raw = Object.fromEntries(params.entries());
    const parsed = schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    // Drop only the keys that failed, keep the rest.
    const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
    const kept = Object.fromEntries(Object.entries(raw).filter(([k]) => !bad.has(k)));
    const retry = schema.safeParse(kept);
    return retry.success ? retry.data : schema.parse({});
  }, [params, schema]);

  /**
   * Sets the given keys (empty values are removed) and keeps the others. The URL (and so every
   * control showing a filter) changes within the event, not in a later transition: a select bound
   * to the URL otherwise snaps back to its old value until the transition commits, and the next
   * arrow key of someone stepping through its options starts from there (a press is lost).
   */
  const update = (
    changes: Record<string, string | number | boolean | null | undefined>,
    options: { replace?: boolean } = {},
  ) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === null || value === '' || value === false) next.delete(key);
      else next.set(key, String(value));
    }
    setParams(next, { replace: options.replace ?? false, flushSync: true });
  };

  /** Replaces all filters at once (Search, Reset). */
  const replaceAll = (values: Record<string, string | number | boolean | null | undefined>) => {
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(values)) {
      if (value !== undefined && value !== null && value !== '' && value !== false) next.set(key, String(value));
    }
    setParams(next, { flushSync: true });
  };

  return { values, update, replaceAll, params };
}
