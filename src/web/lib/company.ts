import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanySettings } from '../../domain/settings';
import { api } from './api-client';

export type CompanyInfo = CompanySettings & { managementTitle: string };
export const companySettingsKey = ['settings', 'company'] as const;

/** Company information; the layout and Home show its management title. */
export const companyInfoQuery = queryOptions({
  queryKey: companySettingsKey,
  queryFn: () => api.get<CompanyInfo>('/api/settings/company'),
  staleTime: 5 * 60_000,
});

export function useCompanyInfo() {
  return useQuery(companyInfoQuery);
}
