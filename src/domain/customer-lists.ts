import {
  invalid,
  optionalOneOf,
  optionalText,
  optionalUuid,
  pageNumber,
  pageSizeOf,
  plainFilters,
  type FieldReader,
} from './list-filters.js';
import { normalizeTagName, TAG_NAME_MAX } from './tag-names.js';
import { formatCount } from './numbers.js';

/**
 * What the customer lists read from the URL, without zod (decisions 020, 042): /units, /companies
 * and /locations can be the first screen of a visit. customers.ts, companies.ts, locations.ts and
 * units.ts re-export these beside the schemas the API uses (`unitListQuery`, `companyListQuery`,
 * `locationListQuery`, which the readers follow: customer-lists.test.ts and units.test.ts run both
 * over the same inputs).
 */

/** Name suggestions while typing a company name start from 2 typed characters (companies.ts re-exports it). */
export const NAME_SUGGESTION_MIN_CHARS = 2;

/** Company (and every customer list's) page sizes: 25 (default), 50, 100. */
export const CUSTOMER_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_CUSTOMER_PAGE_SIZE = 25;
/** The longest text a list's "contains" filter takes. */
export const CONTAINS_FILTER_MAX = 200;

export const UNIT_STATUSES = ['active', 'inactive'] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];

/** GET /api/units and the /units screen: search, four filters, the location's units, paging. */
export interface UnitListQuery {
  q: string | undefined;
  unitNumber: string | undefined;
  location: string | undefined;
  company: string | undefined;
  status: UnitStatus | undefined;
  locationId: string | undefined;
  page: number;
  pageSize: number;
}

/** /units' filters from its URL, as `unitListQuery` (units.ts) reads them. */
export const unitListFilters = plainFilters<UnitListQuery>({
  q: optionalText(CONTAINS_FILTER_MAX),
  unitNumber: optionalText(CONTAINS_FILTER_MAX),
  location: optionalText(CONTAINS_FILTER_MAX),
  company: optionalText(CONTAINS_FILTER_MAX),
  status: optionalOneOf(UNIT_STATUSES),
  locationId: optionalUuid,
  page: pageNumber,
  pageSize: pageSizeOf(CUSTOMER_PAGE_SIZES, DEFAULT_CUSTOMER_PAGE_SIZE),
});

/** The four filters whose count the /units screen shows ("2 filters applied"). */
export const UNIT_FILTER_KEYS = ['unitNumber', 'location', 'company', 'status'] as const;
export function countAppliedUnitFilters(
  query: Partial<Record<(typeof UNIT_FILTER_KEYS)[number], string | undefined>>,
): number {
  return UNIT_FILTER_KEYS.filter((key) => Boolean(query[key]?.trim())).length;
}

/** `customerPaging`'s page and page size, and `containsFilter` (customers.ts), read without zod. */
export const customerPage = pageNumber;
export const customerPageSize = pageSizeOf(CUSTOMER_PAGE_SIZES, DEFAULT_CUSTOMER_PAGE_SIZE);
export const contains = optionalText(CONTAINS_FILTER_MAX);

/** The companies list's tag: at most TAG_NAME_MAX characters as typed, then normalized; blank is none. */
const tagFilter: FieldReader<string | undefined> = (value) => {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length > TAG_NAME_MAX) return invalid;
  return normalizeTagName(value) || undefined;
};

/** GET /api/companies and the /companies screen. */
export interface CompanyListFilterValues {
  company: string | undefined;
  city: string | undefined;
  state: string | undefined;
  zip: string | undefined;
  tag: string | undefined;
  page: number;
  pageSize: number;
}

/** /companies' filters from its URL, as `companyListQuery` (companies.ts) reads them. */
export const companyListFilters = plainFilters<CompanyListFilterValues>({
  company: contains,
  city: contains,
  state: contains,
  zip: contains,
  tag: tagFilter,
  page: customerPage,
  pageSize: customerPageSize,
});

/** GET /api/locations and the /locations screen. */
export interface LocationListFilterValues {
  q: string | undefined;
  name: string | undefined;
  buildingName: string | undefined;
  city: string | undefined;
  state: string | undefined;
  zip: string | undefined;
  companyId: string | undefined;
  page: number;
  pageSize: number;
}

/** /locations' filters from its URL, as `locationListQuery` (locations.ts) reads them. */
export const locationListFilters = plainFilters<LocationListFilterValues>({
  q: contains,
  name: contains,
  buildingName: contains,
  city: contains,
  state: contains,
  zip: contains,
  companyId: optionalUuid,
  page: customerPage,
  pageSize: customerPageSize,
});

/** "1 location(s)" style counts read badly; "1 job" / "3 jobs". */
export function plural(n: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatCount(n)} ${n === 1 ? singular : pluralForm}`;
}

/** Share of `part` in `total` as a whole percentage (0 when the total is 0). */
export function percentOf(part: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((part / total) * 100);
}

/** One line "123 Main St, Atlanta, GA 30303" from address parts, skipping empty ones. */
export function formatAddress(parts: {
  address?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
}): string {
  const cityLine = [parts.city, [parts.state, parts.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [parts.address, cityLine].filter(Boolean).join(', ');
}
