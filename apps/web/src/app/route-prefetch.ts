import type { SignedInUser } from '@alumnet/contract';
import { isAdmin } from '../lib/session';
import { queryClient } from '../lib/query-client';
import { currentUser, requireUser } from './guards';

/**
 * A signed-in user's home (`/`, `/dashboard`), the feed (`/feed`) and Alum Zone (`/alumzone`):
 * the screen's code and its first data are asked for as soon as the session is known, from the
 * route's loader, and the loader waits for them. The screen is then first drawn with its data,
 * in one render React can slice (main.tsx), rather than drawn empty and then redrawn as each
 * answer arrives: those redraws cannot be interrupted, and on a phone each was a long task of a
 * few hundred ms. Navigating there from another screen keeps that screen until the new one is
 * ready. A failed fetch does not fail the route: the screen shows its own error.
 */
async function prefetchMemberFeed(user: SignedInUser) {
  const [, { feedQuery }] = await Promise.all([
    import('../features/feed/components/feed-page'),
    import('../features/feed/api/posts'),
  ]);
  await queryClient.prefetchInfiniteQuery(feedQuery(user._id, 'all'));
}

// An admin's home is the admin dashboard. Drawn as soon as the session is known: its largest
// element is its title, and waiting for its table's first page put that title 0.5 s later in
// Lighthouse's phone profile without shortening its blocking time.
const prefetchHome = (user: SignedInUser | null) =>
  user && !isAdmin(user) ? prefetchMemberFeed(user) : null;

/** `/`: the landing page for a visitor, the dashboard for a signed-in user. */
export async function homeLoader() {
  const user = await currentUser();
  await prefetchHome(user);
  return user;
}

/** `/dashboard`: signed in only. */
export async function dashboardLoader() {
  const user = await requireUser();
  await prefetchHome(user);
  return user;
}

/** `/feed`: signed in only; an admin reads the feed here too. */
export async function feedLoader() {
  const user = await requireUser();
  if (user) await prefetchMemberFeed(user);
  return user;
}

/** `/alumzone`: signed in only; the directory's first page of alumni. */
export async function alumzoneLoader() {
  const user = await requireUser();
  if (!user) return user;
  const { prefetchFirstPage } = await import('../features/alumni/components/alumni-page');
  await prefetchFirstPage(user.collegeId);
  return user;
}
