import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthOptions, SessionUser } from '../../domain/auth';
import { api } from './api-client';

export const sessionKey = ['auth', 'session'] as const;

const SIGNED_IN_HINT = 'hvac.signedIn';

/**
 * Whether this browser was signed in when it last heard (kept in localStorage; the session cookie
 * itself is httpOnly). Only a hint for what to ask first: the server decides every request.
 */
export function wasSignedIn(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_HINT) === '1';
  } catch {
    return false;
  }
}

export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_HINT, '1');
    else localStorage.removeItem(SIGNED_IN_HINT);
  } catch {
    // storage refused (private mode, quota): the app asks in order instead
  }
}

/** The signed-in user; null when there is no session. Started by the entry before any screen loads. */
export const sessionQuery = queryOptions({
  queryKey: sessionKey,
  // /api/auth/current answers 200 with or without a session: no failed request in the console.
  queryFn: async (): Promise<SessionUser | null> => {
    const { user } = await api.get<{ user: SessionUser | null }>('/api/auth/current');
    rememberSignedIn(user !== null);
    return user;
  },
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
  return (user: SessionUser | null) => {
    rememberSignedIn(user !== null);
    client.setQueryData(sessionKey, user);
  };
}
