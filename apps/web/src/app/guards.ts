import type { QueryClient } from '@tanstack/react-query';
import { redirect } from 'react-router';
import { paths } from '../config/paths';
import { meQuery } from '../lib/session';

/**
 * member-portal.md §2 guards, as route loaders: they run before the screen renders, asking the
 * route table's query client (app/route-table.tsx) who is signed in.
 */
export async function currentUser(client: QueryClient) {
  return (await client.ensureQueryData(meQuery)).user;
}

/** A session still owing its second factor goes to /login/verify, anyone else to /login. */
export async function requireUser(client: QueryClient) {
  const { user, mfa } = await client.ensureQueryData(meQuery);
  if (mfa) throw redirect(paths.loginVerify);
  if (!user) throw redirect(paths.login);
  return user;
}

export async function guestOnly(client: QueryClient) {
  if (await currentUser(client)) throw redirect(paths.home);
  return null;
}
