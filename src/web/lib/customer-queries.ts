import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paginated } from '../../domain/api';
import type { CompanySummary } from '../../domain/companies';
import type { Location, LocationListQuery } from '../../domain/locations';
import type { Unit, UnitListItem, UnitListQuery } from '../../domain/units';
import { api, type QueryValue } from './api-client';
import { customerKeys } from './query-keys';

/**
 * The customer lookups several features read (the customer screens, Create Job's company, location
 * and unit pickers). Their keys are `customerKeys`, so a customer change and a job change
 * (which invalidates `customerKeys.all`) refresh them wherever they are shown.
 */
const asQuery = (q: object) => q as Record<string, QueryValue>;

/**
 * `keepPrevious` keeps the last answer on screen while a new query loads (a list being paged or
 * filtered); a picker that depends on another choice turns it off, so it shows "loading" and never
 * the previous choice's rows.
 */
interface ListOptions {
  enabled?: boolean;
  keepPrevious?: boolean;
}

/** Companies whose name matches, for pickers and the duplicate-name hint. */
export function useCompanySuggestions(name: string, enabled: boolean) {
  return useQuery({
    queryKey: customerKeys.suggestions(name),
    queryFn: ({ signal }) => api.get<{ items: CompanySummary[] }>('/api/companies/suggestions', { name }, { signal }),
    enabled,
    staleTime: 10_000,
  });
}

export function useLocations(
  query: Partial<LocationListQuery>,
  { enabled = true, keepPrevious = true }: ListOptions = {},
) {
  return useQuery({
    queryKey: customerKeys.locations(query),
    queryFn: ({ signal }) => api.get<Paginated<Location>>('/api/locations', asQuery(query), { signal }),
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
    enabled,
  });
}

export function useUnits(query: Partial<UnitListQuery>, { enabled = true, keepPrevious = true }: ListOptions = {}) {
  return useQuery({
    queryKey: customerKeys.units(query),
    queryFn: ({ signal }) => api.get<Paginated<UnitListItem>>('/api/units', asQuery(query), { signal }),
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
    enabled,
  });
}

/** One unit with its location and company (`enabled` only for a valid id). */
export function useUnit(id: string | undefined) {
  return useQuery({
    queryKey: customerKeys.unit(id ?? ''),
    queryFn: () => api.get<Unit>(`/api/units/${id}`),
    enabled: Boolean(id),
  });
}

/** A company's name, for a filter showing the company it is set to (the company page's query: one cache). */
export function useCompanyName(id: string | undefined) {
  return useQuery({
    queryKey: customerKeys.company(id ?? ''),
    queryFn: () => api.get<{ company: { name: string } }>(`/api/companies/${id}`),
    enabled: Boolean(id),
    select: (data) => data.company.name,
  });
}
