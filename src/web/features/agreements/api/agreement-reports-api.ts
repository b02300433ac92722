import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AgreementPullThrough,
  AgreementReportItem,
  AgreementReportQuery,
  DueVisit,
  GeneratorRunRow,
  RenewalItem,
} from '../../../../domain/agreements';
import type { Paginated } from '../../../../domain/api';
import { api, withQuery, type QueryValue } from '../../../lib/api-client';
import { agreementKeys } from '../../../lib/query-keys';

const asQuery = (filters: object): Record<string, QueryValue> =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    QueryValue
  >;

/** The agreements' reports (decision 053): every key sits under agreementKeys.all, so any agreement change refreshes them. */
export const agreementReportKeys = {
  pullThrough: (id: string) => [...agreementKeys.detail(id), 'pull-through'] as const,
  report: (q: object) => [...agreementKeys.all, 'report', q] as const,
  renewals: (q: object) => [...agreementKeys.all, 'renewals', q] as const,
  dueVisits: (q: object) => [...agreementKeys.all, 'visits-due', q] as const,
  runs: (q: object) => [...agreementKeys.runs, q] as const,
};

export const agreementReportExportUrl = (filters: object) =>
  withQuery('/api/agreements/report/export', asQuery(filters));

export function usePullThrough(id: string) {
  return useQuery({
    queryKey: agreementReportKeys.pullThrough(id),
    queryFn: () => api.get<AgreementPullThrough>(`/api/agreements/${id}/pull-through`),
  });
}

export function useAgreementReport(query: Partial<AgreementReportQuery>) {
  return useQuery({
    queryKey: agreementReportKeys.report(query),
    queryFn: ({ signal }) =>
      api.get<Paginated<AgreementReportItem>>('/api/agreements/report', asQuery(query), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRenewals(query: { days: number; page: number; pageSize: number }) {
  return useQuery({
    queryKey: agreementReportKeys.renewals(query),
    queryFn: ({ signal }) =>
      api.get<Paginated<RenewalItem> & { days: number; through: string }>('/api/agreements/renewals', asQuery(query), {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useDueVisits(query: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: agreementReportKeys.dueVisits(query),
    queryFn: ({ signal }) =>
      api.get<Paginated<DueVisit> & { month: string }>('/api/agreements/visits-due', asQuery(query), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useGeneratorRuns(query: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: agreementReportKeys.runs(query),
    queryFn: ({ signal }) =>
      api.get<Paginated<GeneratorRunRow>>('/api/agreements/generator-runs', asQuery(query), { signal }),
    placeholderData: keepPreviousData,
  });
}
