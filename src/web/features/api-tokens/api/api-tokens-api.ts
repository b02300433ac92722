import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApiAccessSettings,
  ApiToken,
  ApiTokenList,
  CreateApiTokenInput,
  CreatedApiToken,
} from '../../../../domain/api-tokens';
import { api } from '../../../lib/api-client';

/** This screen's data only: no other feature reads the tokens. */
export const apiTokenKeys = {
  all: ['api-tokens'] as const,
  list: () => [...apiTokenKeys.all, 'list'] as const,
  access: () => [...apiTokenKeys.all, 'access'] as const,
};

export function useApiTokens() {
  return useQuery({
    queryKey: apiTokenKeys.list(),
    queryFn: () => api.get<ApiTokenList>('/api/api-tokens'),
  });
}

export function useCreateApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiTokenInput) => api.post<CreatedApiToken>('/api/api-tokens', input),
    onSuccess: () => client.invalidateQueries({ queryKey: apiTokenKeys.list() }),
  });
}

export function useRevokeApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<ApiToken>(`/api/api-tokens/${id}/revoke`),
    onSuccess: () => client.invalidateQueries({ queryKey: apiTokenKeys.list() }),
  });
}

export function useApiAccess() {
  return useQuery({
    queryKey: apiTokenKeys.access(),
    queryFn: () => api.get<ApiAccessSettings>('/api/settings/api-access'),
  });
}

export function useSetApiAccess() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (value: ApiAccessSettings) => api.put<ApiAccessSettings>('/api/settings/api-access', value),
    onSuccess: (value) => client.setQueryData(apiTokenKeys.access(), value),
  });
}
