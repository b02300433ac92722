import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthOptions, SessionUser } from '../../domain/auth';
import { api, ApiError } from './api-client';

export const sessionKey = ['auth', 'session'] as const;

const SIGNED_IN_HINT = 'hvac.signedIn';
/** The signed-in user as last heard, for opening the app with no connection (decision 045). */
const LAST_USER = 'hvac.sessionUser';

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

export function rememberSignedIn(signedIn: boolean, user?: SessionUser | null): void {
  try {
    if (signedIn) {
      localStorage.setItem(SIGNED_IN_HINT, '1');
      if (user) localStorage.setItem(LAST_USER, JSON.stringify(user));
    } else {
      localStorage.removeItem(SIGNED_IN_HINT);
      localStorage.removeItem(LAST_USER);
    }
  } catch {
    // storage refused (private mode, quota): the app asks in order instead
  }
}

function lastUser(): SessionUser | null {
  try {
    const raw = localStorage.getItem(LAST_USER);
    return raw ? (JSON.parse(raw) as SessionUser) : null;
  } catch {
    return null;
  }
}

/** The signed-in user; null when there is no session. Started by the entry before any screen loads. */
export const sessionQuery = queryOptions({
  queryKey: sessionKey,
  // /api/auth/current answers 200 with or without a session: no failed request in the console.
  queryFn: async (): Promise<SessionUser | null> => {
    try {
      const { user } = await api.get<{ user: SessionUser | null }>('/api/auth/current');
      rememberSignedIn(user !== null, user);
      return user;
    } catch (error) {
      // No connection: the user this browser last had, so a technician's phone opens the work it
      // saved (decision 045). Only what the device already holds shows; the server decides every request.
      const last = error instanceof ApiError && error.code === 'NETWORK_ERROR' && wasSignedIn() ? lastUser() : null;
      if (last) return last;
      throw error;
    }
  },
  staleTime: 5 * 60_000,
  retry: false,
  // Asked even when the browser says it is offline, so the answer above can stand in.
  networkMode: 'always',
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
    rememberSignedIn(user !== null, user);
    client.setQueryData(sessionKey, user);
  };
}
