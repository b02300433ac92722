import { contains, customerPage, customerPageSize } from '../customer-lists.js';
import { invalid, optionalDay, optionalUuid, plainFilters, type FieldReader } from '../list-filters.js';
import { AGREEMENT_STATUSES, type AgreementStatus } from './status.js';

/** GET /api/agreements and the /agreements screen. */
export interface AgreementListFilterValues {
  q: string | undefined;
  status: AgreementStatus | undefined;
  companyId: string | undefined;
  endingBefore: string | undefined;
  page: number;
  pageSize: number;
}

/** A status (trimmed), or blank / absent for none. */
const status: FieldReader<AgreementStatus | undefined> = (value) => {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') return invalid;
  const text = value.trim();
  if (!text) return undefined;
  return (AGREEMENT_STATUSES as readonly string[]).includes(text) ? (text as AgreementStatus) : invalid;
};

/**
 * /agreements' filters from its URL without zod (decision 057), as `agreementListQuery`
 * (payloads.ts) reads them: list-filters.test.ts runs both over the same query strings.
 */
export const agreementListFilters = plainFilters<AgreementListFilterValues>({
  q: contains,
  status,
  companyId: optionalUuid,
  endingBefore: optionalDay,
  page: customerPage,
  pageSize: customerPageSize,
});
