import { z } from 'zod';
import { SEARCH_MIN_LENGTH } from './search-kinds.js';

export { SEARCH_LIMIT_PER_KIND, SEARCH_MIN_LENGTH, searchKinds, type SearchKind } from './search-kinds.js';

export const searchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(SEARCH_MIN_LENGTH, `Type at least ${SEARCH_MIN_LENGTH} characters`)
    .max(100, 'Search text is too long'),
});

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

// ---------------------------------------------------------------------------------------------
// How a typed word matches (every search box and text filter; docs/decisions/021)
// ---------------------------------------------------------------------------------------------

/**
 * A typed word this long or longer matches anywhere in the text ("ridge" finds "Blue Ridge");
 * a shorter one (1 or 2 characters) matches the start of a word of the text ("ma" finds
 * "Main Campus" and "Property Management", not "Summit"). A word starts at the start of the text
 * or after a space (or, where a text joins several fields, after the fields' separator).
 */
export const CONTAINS_MIN_LENGTH = 3;

/** Whether a typed word matches only at the start of a word (see CONTAINS_MIN_LENGTH). */
export const matchesWordStart = (word: string): boolean => [...word].length < CONTAINS_MIN_LENGTH;

/**
 * The long-hand rule, case-insensitive: does `text` match the typed `word`? The database gives
 * the same answer with ILIKE (tests compare the two).
 */
export function textMatchesWord(text: string, word: string, separators: readonly string[] = [' ']): boolean {
  const t = text.toLowerCase();
  const w = word.toLowerCase();
  if (!matchesWordStart(word)) return t.includes(w);
  return t.startsWith(w) || separators.some((s) => t.includes(s + w));
}

/** Every word of a search (see searchWords) matches the text. */
export function textMatchesAllWords(text: string, words: readonly string[], separators?: readonly string[]): boolean {
  return words.every((w) => textMatchesWord(text, w, separators));
}

/** Escapes LIKE wildcards so a typed % or _ matches itself. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%text%`: contains, with LIKE wildcards in the text escaped. */
export function likeContains(text: string): string {
  return `%${likeEscape(text)}%`;
}

// ---------------------------------------------------------------------------------------------
// Capped totals
// ---------------------------------------------------------------------------------------------

/**
 * A list counts its matches exactly up to this many; beyond it the answer says "10,000+"
 * (`totalCapped`), so no request counts a million rows to show 25.
 */
export const LIST_TOTAL_CAP = 10_000;

/**
 * How far a page's count goes: the cap, or further for a page past it, so the answer always tells
 * whether a row follows the page (the pager's Next).
 */
export const countLimitFor = (page: number, pageSize: number, cap: number = LIST_TOTAL_CAP): number =>
  Math.max(cap, page * pageSize);
