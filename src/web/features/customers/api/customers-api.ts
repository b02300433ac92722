import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paginated } from '../../../../domain/api';
import type {
  Company,
  CompanyDetail,
  CompanyListItem,
  CompanyInput,
  CompanyListQuery,
  CompanySummary,
} from '../../../../domain/companies';
import type { CompanyReport } from '../../../../domain/company-report';
import type { CustomerDashboard } from '../../../../domain/customers';
import type { AddCompanyTagInput, CompanyTagsAnswer, TagSuggestion } from '../../../../domain/tags';
import type { UnitDeficienciesAnswer } from '../../../../domain/repairs';
import type { ResolveRecommendationInput, UnitHistoryAnswer } from '../../../../domain/unit-history';
import type { Location, LocationInput } from '../../../../domain/locations';
import type { Unit, UnitInput, UnitJobsAnswer, UnitUpdateInput } from '../../../../domain/units';
import type { UnitCodeResult } from '../../../../domain/unit-labels';
import { api, withQuery, type QueryValue } from '../../../lib/api-client';
import { customerKeys, homeKeys, jobKeys, searchKeys } from '../../../lib/query-keys';

/**
 * Queries and mutations of the customer screens; every change refreshes the customer lists. The
 * lookups other features read too (suggestions, locations, units, a unit) are in lib/customer-queries.
 */
const keys = customerKeys;

const asQuery = (q: object) => q as Record<string, QueryValue>;

export const exportUrl = (path: string, filters: object) => withQuery(path, asQuery(filters));

export function useCustomerDashboard() {
  return useQuery({ queryKey: keys.dashboard, queryFn: () => api.get<CustomerDashboard>('/api/customers/dashboard') });
}

export function useCompanies(query: Partial<CompanyListQuery>) {
  return useQuery({
    queryKey: keys.companies(query),
    queryFn: () => api.get<Paginated<CompanyListItem>>('/api/companies', asQuery(query)),
    placeholderData: keepPreviousData,
  });
}

export function useCompanyDetail(id: string | undefined) {
  return useQuery({
    queryKey: keys.company(id ?? ''),
    queryFn: () => api.get<CompanyDetail>(`/api/companies/${id}`),
    enabled: Boolean(id),
  });
}

/** The company's asset report (/companies/{id}/report). */
export function useCompanyReport(id: string | undefined) {
  return useQuery({
    queryKey: keys.companyReport(id ?? ''),
    queryFn: () => api.get<CompanyReport>(`/api/companies/${id}/report`),
    enabled: Boolean(id),
  });
}

export async function findDuplicateCompany(name: string, excludeId?: string): Promise<CompanySummary | null> {
  const answer = await api.get<{ duplicate: CompanySummary | null }>('/api/companies/duplicate', { name, excludeId });
  return answer.duplicate;
}

export function useLocation(id: string | undefined) {
  return useQuery({
    queryKey: keys.location(id ?? ''),
    queryFn: () => api.get<Location>(`/api/locations/${id}`),
    enabled: Boolean(id),
  });
}

/**
 * The signed-in technician's open job on the unit, through the code lookup Scan Unit uses (a
 * phone's own camera app opens the label's URL, the unit page, rather than the job).
 */
export function useMyOpenJobOnUnit(id: string | undefined) {
  return useQuery({
    queryKey: keys.unitOpenJob(id ?? ''),
    queryFn: async () => (await api.get<UnitCodeResult>('/api/unit-labels/resolve', { code: id })).job,
    enabled: Boolean(id),
  });
}

export function useUnitJobs(id: string | undefined, page: number) {
  return useQuery({
    queryKey: keys.unitJobs(id ?? '', page),
    queryFn: () => api.get<UnitJobsAnswer>(`/api/units/${id}/jobs`, { page }),
    enabled: Boolean(id),
    placeholderData: keepPreviousData,
  });
}

/** The unit's repair records across its jobs, newest first. */
export function useUnitDeficiencies(unitId: string, page: number) {
  return useQuery({
    queryKey: keys.unitDeficiencies(unitId, page),
    queryFn: () => api.get<UnitDeficienciesAnswer>(`/api/units/${unitId}/deficiencies`, { page }),
    placeholderData: keepPreviousData,
  });
}

/** The unit's visits, newest first, with their inspections and repair options (Service History). */
export function useUnitHistory(unitId: string, page: number) {
  return useQuery({
    queryKey: keys.unitHistory(unitId, page),
    queryFn: () => api.get<UnitHistoryAnswer>(`/api/units/${unitId}/history`, { page }),
    placeholderData: keepPreviousData,
  });
}

/** Mark one of the unit's open recommendations resolved (office); Home's counts and the jobs change too. */
export function useResolveUnitRecommendation(unitId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ repairId, body }: { repairId: string; body: ResolveRecommendationInput }) =>
      api.post<null>(`/api/units/${unitId}/deficiencies/${repairId}/resolve`, body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.all });
      void client.invalidateQueries({ queryKey: homeKeys.all });
      void client.invalidateQueries({ queryKey: jobKeys.all });
    },
  });
}

/** After any change every customer query is stale (lists, counts, details). */
function useCustomerMutation<TVariables, TResult>(fn: (variables: TVariables) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // Not awaited: the screen moves on at once (a deleted record's page must not refetch first).
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.all });
      // The header search shows companies, locations and units too.
      void client.invalidateQueries({ queryKey: searchKeys.all });
    },
  });
}

export const useSaveCompany = () =>
  useCustomerMutation(({ id, input }: { id?: string; input: CompanyInput }) =>
    id ? api.put<Company>(`/api/companies/${id}`, input) : api.post<Company>('/api/companies', input),
  );
export const useDeleteCompany = () => useCustomerMutation((id: string) => api.delete<void>(`/api/companies/${id}`));

export const useSaveLocation = () =>
  useCustomerMutation(({ id, input }: { id?: string; input: LocationInput }) =>
    id ? api.put<Location>(`/api/locations/${id}`, input) : api.post<Location>('/api/locations', input),
  );
export const useDeleteLocation = () => useCustomerMutation((id: string) => api.delete<void>(`/api/locations/${id}`));

export const useAddUnit = () => useCustomerMutation((input: UnitInput) => api.post<Unit>('/api/units', input));
export const useUpdateUnit = () =>
  useCustomerMutation(({ id, input }: { id: string; input: UnitUpdateInput }) =>
    api.put<Unit>(`/api/units/${id}`, input),
  );
export const useDeleteUnit = () => useCustomerMutation((id: string) => api.delete<void>(`/api/units/${id}`));

/** Manage Tags: the tags containing the typed text (every tag by name when empty). */
export function useTagSuggestions(q: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.tags(q),
    queryFn: ({ signal }) => api.get<{ items: TagSuggestion[] }>('/api/tags', { q }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export const useAddCompanyTag = () =>
  useCustomerMutation(({ companyId, input }: { companyId: string; input: AddCompanyTagInput }) =>
    api.post<CompanyTagsAnswer>(`/api/companies/${companyId}/tags`, input),
  );
export const useRemoveCompanyTag = () =>
  useCustomerMutation(({ companyId, tagId }: { companyId: string; tagId: string }) =>
    api.delete<CompanyTagsAnswer>(`/api/companies/${companyId}/tags/${tagId}`),
  );
