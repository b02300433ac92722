import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountProfile, ChangePasswordInput, UpdateAccountInput } from '../../../../domain/account';
import { api } from '../../../lib/api-client';
import { sessionKey } from '../../../lib/session';

const accountKey = ['account'] as const;

export function useAccount() {
  return useQuery({ queryKey: accountKey, queryFn: () => api.get<AccountProfile>('/api/account') });
}

export function useUpdateAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateAccountInput) => api.put<AccountProfile>('/api/account', input),
    onSuccess: async (saved) => {
      client.setQueryData(accountKey, saved);
      // The header shows my name: refresh the session user too.
      await client.invalidateQueries({ queryKey: sessionKey });
    },
  });
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.post<void>('/api/account/password', input),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKey }),
  });
}
