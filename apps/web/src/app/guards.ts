import { redirect } from 'react-router';
import { paths } from '../config/paths';
import { meQuery } from '../lib/session';
import { queryClient } from '../lib/query-client';

/** member-portal.md §2 guards, as route loaders: they run before the screen renders. */
export async function currentUser() {
  return (await queryClient.ensureQueryData(meQuery)).user;
}

export async function requireUser() {
  const user = await currentUser();
  if (!user) throw redirect(paths.login);
  return user;
}

export async function guestOnly() {
  if (await currentUser()) throw redirect(paths.home);
  return null;
}
