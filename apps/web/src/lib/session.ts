import { API, okSchema, signedInUser, type SignedInUser } from '@alumnet/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './api-client';

/** member-portal.md §3: the signed-in user is also kept in browser storage under this key. */
export const STORED_USER_KEY = 'chat-user';

const meAnswer = z.object({ user: signedInUser.nullable() });

/** The session is the truth (an httpOnly cookie); this query asks the server who we are. */
export const meQuery = queryOptions({
  queryKey: ['session', 'me'],
  queryFn: () => api.get(API.auth.me, meAnswer),
  staleTime: 60_000,
});

/** admin-area.md §6: college admins (userType 'a') and super admins run the admin area. */
export const isAdmin = (user: Pick<SignedInUser, 'userType' | 'isSuperAdmin'> | null | undefined) =>
  Boolean(user && (user.userType === 'a' || user.isSuperAdmin));

export function rememberUser(queryClient: QueryClient, user: SignedInUser | null) {
  queryClient.setQueryData(meQuery.queryKey, { user });
  if (user) {
    const stored = readStoredUser();
    localStorage.setItem(STORED_USER_KEY, JSON.stringify({ ...stored, ...user }));
  } else {
    localStorage.removeItem(STORED_USER_KEY);
  }
}

export function readStoredUser(): Partial<SignedInUser> {
  try {
    return JSON.parse(localStorage.getItem(STORED_USER_KEY) ?? '{}') as Partial<SignedInUser>;
  } catch {
    return {};
  }
}

export async function logout(queryClient: QueryClient) {
  await api.post(API.auth.logout, okSchema);
  // Loaded on demand: the chat connection (and Socket.IO with it) is the member area's, not part
  // of the first download of every page. A page that never opened it has nothing to close.
  (await import('./realtime')).disconnectRealtime();
  rememberUser(queryClient, null);
  queryClient.clear();
}
