import { API, type MfaNeed, type SignedInUser } from '@alumnet/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { requestJson } from './api-request';

/** member-portal.md §3: the signed-in user is also kept in browser storage under this key. */
export const STORED_USER_KEY = 'chat-user';

/**
 * `user` is null also while the session still owes its second factor (issue 30): every page
 * treats it as signed out, as the server does; `mfa` says what /login/verify must ask for.
 */
export type MeAnswer = { user: SignedInUser | null; mfa?: MfaNeed };

/**
 * Who is signed in, as the server answered it. A visitor's `{ user: null }` needs no schema to
 * be trusted, so a visitor's pages do without zod and the contract's schemas altogether; a
 * member's answer is parsed with the contract's schema, loaded beside the screen's own code.
 */
async function fetchMe(): Promise<MeAnswer> {
  const data = await requestJson('GET', API.auth.me);
  if (typeof data === 'object' && data !== null && 'user' in data && data.user === null) {
    return { user: null, mfa: null };
  }
  const answer = (await import('./session-calls')).meAnswer.parse(data);
  return answer.mfa ? { user: null, mfa: answer.mfa } : answer;
}

/** The session is the truth (an httpOnly cookie); this query asks the server who we are. */
export const meQuery = queryOptions({
  queryKey: ['session', 'me'],
  queryFn: fetchMe,
  staleTime: 60_000,
});

/** admin-area.md §6: college admins (userType 'a') and super admins run the admin area. */
export const isAdmin = (user: Pick<SignedInUser, 'userType' | 'isSuperAdmin'> | null | undefined) =>
  Boolean(user && (user.userType === 'a' || user.isSuperAdmin));

/** `mfa`: the session still owes its second factor, so it is not signed in yet. */
export function rememberUser(
  queryClient: QueryClient,
  user: SignedInUser | null,
  mfa: MfaNeed = null,
) {
  queryClient.setQueryData<MeAnswer>(meQuery.queryKey, { user: mfa ? null : user, mfa });
  if (user && !mfa) {
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
  await (await import('./session-calls')).logoutCall();
  // Loaded on demand: the chat connection (and Socket.IO with it) is the member area's, not part
  // of the first download of every page. A page that never opened it has nothing to close.
  (await import('./realtime')).disconnectRealtime();
  rememberUser(queryClient, null);
  queryClient.clear();
}
