import { endpointRef, type authApi, type User } from '@yumi/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, call } from '../api/client';
import { rememberedUser, rememberUser } from '../offline/db';
import { getToken, setToken } from '../api/token';

// The shell loads no zod: its calls name their endpoints by reference (checked against the contract).
const ME = endpointRef<typeof authApi.me>('GET', '/api/auth/me');
const LOGOUT = endpointRef<typeof authApi.logout>('POST', '/api/auth/logout');

export const CURRENT_USER_KEY = ['auth', 'me'] as const;

/** The signed-in user: loading, then a user or an error (and no user). */
export function useCurrentUser() {
  const query = useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: async () => {
      const token = getToken();
      if (!token) return null;
      try {
        const user = await call(ME, {}, { retries: 1 });
        void rememberUser(token, user).catch(() => undefined);
        return user;
      } catch (err) {
        // Offline, the session is still this user's: their documents are on this device (shared/offline).
        const known = err instanceof ApiError && err.type === 'NETWORK' ? await rememberedUser(token).catch(() => null) : null;
        if (known) return known;
        throw err;
      }
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
  return { user: query.data ?? null, isLoading: query.isLoading, error: query.error, isAuthenticated: !!query.data };
}

/** Stores a fresh session and refreshes everything that depends on who is signed in. */
export function useSessionActions() {
  const client = useQueryClient();
  const signedIn = useCallback(
    (token: string, user: User) => {
      setToken(token);
      client.setQueryData(CURRENT_USER_KEY, user);
      void client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
    },
    [client],
  );
  const signOut = useCallback(async () => {
    const token = getToken();
    if (token) await rememberUser(token, null).catch(() => undefined);
    try {
      if (token) await call(LOGOUT, {}, { quiet: true });
    } catch {
      // The token is dropped locally either way; the server revokes it when reachable.
    }
    setToken(null);
    client.setQueryData(CURRENT_USER_KEY, null);
    client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
  }, [client]);
  return { signedIn, signOut };
}
