import type { SignedInUser } from '@alumnet/contract';
import { isAdmin } from '../lib/session';
import { queryClient } from '../lib/query-client';
import { currentUser, requireUser } from './guards';

/**
 * A member's home (`/`, `/dashboard`, `/feed`) is the feed. Its code and its first page are asked
 * for as soon as the session is known, from the route's loader: otherwise the posts would be
 * requested only once the feed's code had arrived and drawn its skeleton, a round trip more
 * before the largest thing on the screen can paint. Neither waits here; the screen picks both up.
 */
function prefetchFeed(user: SignedInUser | null) {
  if (!user || isAdmin(user)) return;
  void import('../features/feed/components/feed-page');
  void import('../features/feed/api/posts').then(({ feedQuery }) =>
    queryClient.prefetchInfiniteQuery(feedQuery(user._id, 'all')),
  );
}

/** `/`: the landing page for a visitor, the dashboard for a signed-in user. */
export async function homeLoader() {
  const user = await currentUser();
  prefetchFeed(user);
  return user;
}

/** `/dashboard` and `/feed`: signed in only. */
export async function memberHomeLoader() {
  const user = await requireUser();
  prefetchFeed(user);
  return user;
}
