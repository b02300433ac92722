import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthOptions, SessionUser } from '../../domain/auth';
import { api } from './api-client';

export const sessionKey = ['auth', 'session'] as const;

/** The signed-in user; null when there is no session. Started by the entry before any screen loads. */
export const sessionQuery = queryOptions({
  queryKey: sessionKey,
  // /api/auth/current answers 200 with or without a session: no failed request in the console.
  queryFn: async (): Promise<SessionUser | null> => (await api.get<{ user: SessionUser | null }>('/api/auth/current')).user,
  staleTime: 5 * 60_000,
  retry: false,
});

/** The sign-in page's options (the demo hint). */
export const authOptionsQuery = queryOptions({
  queryKey: ['auth', 'options'],
  queryFn: () => api.get<AuthOptions>('/api/auth/options'),
  staleTime: Infinity,
});

/** The signed-in user; shared by the gate, the layout and screens. */
export function useSession() {
  return useQuery(sessionQuery);
}

export function useAuthOptions() {
  return useQuery(authOptionsQuery);
}

export function useSetSession() {
  const client = useQueryClient();
  return (user: SessionUser | null) => client.setQueryData(sessionKey, user);
}
