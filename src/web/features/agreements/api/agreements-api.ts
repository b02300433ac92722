import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AgreementDetail,
  AgreementListItem,
  AgreementListQuery,
  AgreementUnit,
  AgreementVisit,
  CancelPreview,
  GeneratorRun,
} from '../../../../domain/agreements';
import type { Paginated } from '../../../../domain/api';
import { api, withQuery, type QueryValue } from '../../../lib/api-client';
import { agreementKeys, homeKeys, jobKeys } from '../../../lib/query-keys';

const asQuery = (filters: object): Record<string, QueryValue> =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    QueryValue
  >;

export const agreementExportUrl = (filters: object) => withQuery('/api/agreements/export', asQuery(filters));

export function useAgreements(query: Partial<AgreementListQuery>) {
  return useQuery({
    queryKey: agreementKeys.list(query),
    queryFn: ({ signal }) => api.get<Paginated<AgreementListItem>>('/api/agreements', asQuery(query), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAgreement(id: string | undefined) {
  return useQuery({
    queryKey: agreementKeys.detail(id ?? ''),
    queryFn: () => api.get<AgreementDetail>(`/api/agreements/${id}`),
    enabled: Boolean(id),
  });
}

export function useAgreementVisits(id: string) {
  return useQuery({
    queryKey: agreementKeys.visits(id),
    queryFn: () => api.get<{ items: AgreementVisit[]; timeZone: string }>(`/api/agreements/${id}/visits`),
  });
}

export function useCancelPreview(id: string, enabled: boolean) {
  return useQuery({
    queryKey: agreementKeys.cancelPreview(id),
    queryFn: () => api.get<CancelPreview>(`/api/agreements/${id}/cancel-preview`),
    enabled,
    staleTime: 0,
  });
}

export function useCompanyUnits(companyId: string | undefined) {
  return useQuery({
    queryKey: agreementKeys.companyUnits(companyId ?? ''),
    queryFn: () => api.get<{ items: AgreementUnit[] }>('/api/agreements/company-units', { companyId }),
    enabled: Boolean(companyId),
  });
}

export function useAgreementOfJob(jobId: string) {
  return useQuery({
    queryKey: agreementKeys.ofJob(jobId),
    queryFn: () =>
      api.get<{
        agreement: {
          agreementId: string;
          number: number;
          name: string;
          visitDate: string;
          notToExceedCents: number | null;
        } | null;
      }>(`/api/agreements/by-job/${jobId}`),
  });
}

/** After any agreement change: every agreement query, and the jobs and Home its visits touch. */
export function useInvalidateAgreements() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: agreementKeys.all }),
      client.invalidateQueries({ queryKey: jobKeys.all }),
      client.invalidateQueries({ queryKey: homeKeys.all }),
    ]);
}

export function useGenerateVisits() {
  const invalidate = useInvalidateAgreements();
  return useMutation({
    mutationFn: () => api.post<GeneratorRun>('/api/agreements/generate-visits'),
    onSuccess: () => invalidate(),
  });
}
