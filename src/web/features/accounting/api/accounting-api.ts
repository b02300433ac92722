import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountingExportInput,
  AccountingExportList,
  AccountingExportSummary,
  AccountingSettings,
} from '../../../../domain/accounting-export';
import type { ReferenceType } from '../../../../domain/reference-types';
import { api } from '../../../lib/api-client';

/** This feature's own keys: the mapping and the export log (nothing else reads them). */
export const accountingKeys = {
  all: ['accounting'] as const,
  settings: ['accounting', 'settings'] as const,
  log: ['accounting', 'exports'] as const,
  serviceLines: ['accounting', 'service-lines'] as const,
};

export function useAccountingSettings() {
  return useQuery({
    queryKey: accountingKeys.settings,
    queryFn: () => api.get<AccountingSettings>('/api/settings/accounting'),
  });
}

export function useSaveAccountingSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountingSettings) => api.put<AccountingSettings>('/api/settings/accounting', body),
    onSuccess: () => client.invalidateQueries({ queryKey: accountingKeys.settings }),
  });
}

/** Every service line (active or not: an old invoice may carry an inactive one). */
export function useServiceLines() {
  return useQuery({
    queryKey: accountingKeys.serviceLines,
    queryFn: () => api.get<ReferenceType[]>('/api/settings/service-types'),
  });
}

export function useExportLog() {
  return useQuery({
    queryKey: accountingKeys.log,
    queryFn: () => api.get<AccountingExportList>('/api/accounting-exports'),
  });
}

export function useCreateExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountingExportInput) => api.post<AccountingExportSummary>('/api/accounting-exports', body),
    onSuccess: () => client.invalidateQueries({ queryKey: accountingKeys.log }),
  });
}

/** The download URL of an export's file (1-based, in the order the export lists them). */
export const exportFileUrl = (exportId: string, position: number) =>
  `/api/accounting-exports/${exportId}/files/${position}`;
