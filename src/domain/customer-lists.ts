import { optionalOneOf, optionalText, optionalUuid, pageNumber, pageSizeOf, plainFilters } from './list-filters.js';

/**
 * What the customer lists read from the URL, without zod (decision 020): /units can be the first
 * screen of a visit. customers.ts and units.ts re-export these beside the schemas the API uses
 * (`unitListQuery`, which `unitListFilters` follows: units.test.ts runs both over the same inputs).
 */

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
