import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paginated } from '../../../../domain/api';
import type {
  CreateReferenceTypeInput,
  ReferenceType,
  ReferenceTypeKind,
  UpdateReferenceTypeChanges,
} from '../../../../domain/reference-types';
import type { CompanySettings } from '../../../../domain/settings';
import type { CreateUserInput, UpdateUserInput, UserSummary, UsersQuery } from '../../../../domain/users';
import { api } from '../../../lib/api-client';
import { companySettingsKey, type CompanyInfo } from '../../../lib/company';
import { userKeys } from '../../../lib/query-keys';

const usersKey = userKeys.all;
const referenceTypesKey = (kind: ReferenceTypeKind) => ['settings', kind] as const;

/** The full users list: admin and manager only (the server answers 403 to other roles). */
export function useUsers(query: UsersQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: [...usersKey, query],
    queryFn: () => api.get<Paginated<UserSummary>>('/api/users', { ...query }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateUserInput) => api.post<UserSummary>('/api/users', input),
    onSuccess: () => client.invalidateQueries({ queryKey: usersKey }),
  });
}

export function useUpdateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateUserInput }) =>
      api.patch<UserSummary>(`/api/users/${id}`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: usersKey }),
  });
}

export function useSetUserPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) =>
      api.put<void>(`/api/users/${id}/password`, { password }),
    onSuccess: () => client.invalidateQueries({ queryKey: usersKey }),
  });
}

export function useReferenceTypes(kind: ReferenceTypeKind) {
  return useQuery({
    queryKey: referenceTypesKey(kind),
    queryFn: () => api.get<ReferenceType[]>(`/api/settings/${kind}`),
  });
}

export function useCreateReferenceType(kind: ReferenceTypeKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReferenceTypeInput) => api.post<ReferenceType>(`/api/settings/${kind}`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: referenceTypesKey(kind) }),
  });
}

export function useUpdateReferenceType(kind: ReferenceTypeKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateReferenceTypeChanges }) =>
      api.patch<ReferenceType>(`/api/settings/${kind}/${id}`, changes),
    onSuccess: () => client.invalidateQueries({ queryKey: referenceTypesKey(kind) }),
  });
}

/** Saving the company information refreshes everything that shows it (the header's management title). */
export function useUpdateCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CompanySettings) => api.put<CompanyInfo>('/api/settings/company', input),
    onSuccess: async (saved) => {
      client.setQueryData(companySettingsKey, saved);
      await client.invalidateQueries({ queryKey: companySettingsKey });
    },
  });
}
