import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

/**
 * List filters live in the URL (shareable, survive reload, back button works), parsed with the
 * same zod schema the API uses. Invalid values fall back to the schema's defaults.
 */
export function useUrlFilters<S extends z.ZodObject>(schema: S) {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => {
    const raw = Object.fromEntries(params.entries());
    const parsed = schema.safeParse(raw);
    if (parsed.success) return parsed.data as z.output<S>;
    // Drop only the keys that failed, keep the rest.
    const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
    const kept = Object.fromEntries(Object.entries(raw).filter(([k]) => !bad.has(k)));
    const retry = schema.safeParse(kept);
    return (retry.success ? retry.data : schema.parse({})) as z.output<S>;
  }, [params, schema]);

  /** Sets the given keys (empty values are removed) and keeps the others. */
  const update = (changes: Record<string, string | number | boolean | null | undefined>, options: { replace?: boolean } = {}) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === null || value === '' || value === false) next.delete(key);
      else next.set(key, String(value));
    }
    setParams(next, { replace: options.replace ?? false });
  };

  /** Replaces all filters at once (Search, Reset). */
  const replaceAll = (values: Record<string, string | number | boolean | null | undefined>) => {
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(values)) {
      if (value !== undefined && value !== null && value !== '' && value !== false) next.set(key, String(value));
    }
    setParams(next);
  };

  return { values, update, replaceAll, params };
}
