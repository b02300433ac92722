import { z } from 'zod';

/** The header search box: one query across companies, locations, units, jobs and invoices. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_LIMIT_PER_KIND = 5;

export const searchQuery = z.object({
  q: z.string().trim().min(SEARCH_MIN_LENGTH, `Type at least ${SEARCH_MIN_LENGTH} characters`).max(100, 'Search text is too long'),
});

export const searchKinds = ['companies', 'locations', 'units', 'jobs', 'invoices'] as const;
export type SearchKind = (typeof searchKinds)[number];

export const searchHit = z.object({ id: z.string(), title: z.string(), subtitle: z.string() });
export type SearchHit = z.infer<typeof searchHit>;

export const searchResults = z.object({
  companies: z.array(searchHit),
  locations: z.array(searchHit),
  units: z.array(searchHit),
  jobs: z.array(searchHit),
  invoices: z.array(searchHit),
});
export type SearchResults = z.infer<typeof searchResults>;

/** Escapes LIKE wildcards so a typed % or _ matches itself. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
