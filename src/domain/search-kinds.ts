/**
 * The header search box: one query across companies, locations, units, jobs and invoices. Without
 * schemas, so the layout that shows the box loads no zod (decision 020); search.ts re-exports these.
 */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_LIMIT_PER_KIND = 5;

export const searchKinds = ['companies', 'locations', 'units', 'jobs', 'invoices'] as const;
export type SearchKind = (typeof searchKinds)[number];
