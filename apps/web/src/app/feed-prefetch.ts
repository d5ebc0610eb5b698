import type { SignedInUser } from '@alumnet/contract';
import { isAdmin } from '../lib/session';
import { queryClient } from '../lib/query-client';
import { currentUser, requireUser } from './guards';

/**
 * A member's home (`/`, `/dashboard`, `/feed`) is the feed. Its code and its first page are asked
 * for as soon as the session is known, from the route's loader, and the loader waits for them:
 * the screen is then first drawn with its posts, in one render React can slice (main.tsx), rather
 * than as a skeleton that the posts' arrival redraws in one long task. Navigating there from
 * another screen keeps that screen until the feed is ready. A failed fetch does not fail the
 * route: the feed shows its own error.
 */
async function prefetchFeed(user: SignedInUser | null) {
  if (!user || isAdmin(user)) return;
  const [, { feedQuery }] = await Promise.all([
    import('../features/feed/components/feed-page'),
    import('../features/feed/api/posts'),
  ]);
  await queryClient.prefetchInfiniteQuery(feedQuery(user._id, 'all'));
}

/** `/`: the landing page for a visitor, the dashboard for a signed-in user. */
export async function homeLoader() {
  const user = await currentUser();
  await prefetchFeed(user);
  return user;
}

/** `/dashboard` and `/feed`: signed in only. */
export async function memberHomeLoader() {
  const user = await requireUser();
  await prefetchFeed(user);
  return user;
}
