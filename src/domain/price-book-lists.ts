import {
  invalid,
  optionalText,
  pageNumber,
  plainFilters,
  type FieldReader,
  type PlainFilters,
} from './list-filters.js';

/**
 * The price book's kinds, skill levels, display rules and its list's URL reader, without zod
 * (decision 057): /item-prices loads these, not price-book.ts with its schemas (which re-exports
 * all of this). `priceListUrlFilters` follows `priceListQuery` (price-book-lists.test.ts).
 */

export const PRICE_KINDS = ['part', 'labor', 'item'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];
export const PRICE_KIND_LABELS: Record<PriceKind, string> = { part: 'Part', labor: 'Labor', item: 'Item' };
/** The path segment of each kind in /api/price-book/{segment}. */
export const PRICE_KIND_SEGMENTS: Record<PriceKind, string> = { part: 'parts', labor: 'labor', item: 'items' };

export const SKILL_LEVELS = ['helper', 'standard', 'senior', 'master'] as const;
export type SkillLevel = (typeof SKILL_LEVELS)[number];
export const SKILL_LEVEL_LABELS: Record<SkillLevel, string> = {
  helper: 'Helper',
  standard: 'Standard',
  senior: 'Senior',
  master: 'Master',
};

export const DEFAULT_SKILL_LEVEL: SkillLevel = 'standard';

/** True when a number has at most 2 decimals (0.1 + 0.2 counts as 0.30). */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

/** Hours with 1 decimal, or 2 when the second is not 0: 1 -> "1.0", 0.25 -> "0.25". */
export function formatHours(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return hasAtMostTwoDecimals(rounded) && Math.round(rounded * 100) % 10 !== 0
    ? rounded.toFixed(2)
    : rounded.toFixed(1);
}

export function skillLevelLabel(level: string | null | undefined): string {
  return SKILL_LEVEL_LABELS[(level ?? DEFAULT_SKILL_LEVEL) as SkillLevel] ?? SKILL_LEVEL_LABELS[DEFAULT_SKILL_LEVEL];
}

/** The list's page size: a whole number from 1 to 100 (as `paginationQuery` in api.ts). */
const PRICE_PAGE_SIZE_MAX = 100;
const pageSize: FieldReader<number> = (value) => {
  if (value === undefined) return 25;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 1 && n <= PRICE_PAGE_SIZE_MAX ? n : invalid;
};
/** ?type=: a kind; blank is every kind. */
const kind: FieldReader<PriceKind | undefined> = (value) => {
  if (value === undefined || value === '') return undefined;
  return (PRICE_KINDS as readonly unknown[]).includes(value) ? (value as PriceKind) : invalid;
};

export interface PriceListUrlFilters {
  page: number;
  pageSize: number;
  q: string | undefined;
  type?: PriceKind | undefined;
  serviceLine: string | undefined;
}

/** /item-prices' filters from its URL, as `priceListQuery` reads them. */
export const priceListUrlFilters: PlainFilters<PriceListUrlFilters> = plainFilters<PriceListUrlFilters>({
  page: pageNumber,
  pageSize,
  q: optionalText(100),
  type: kind,
  serviceLine: optionalText(20),
});
