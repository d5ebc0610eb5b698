import type { SignedInUser } from '@alumnet/contract';
import type { QueryClient } from '@tanstack/react-query';
import { isAdmin } from '../lib/session';
import { currentUser, requireUser } from './guards';

/**
 * A signed-in user's home (`/`, `/dashboard`), the feed (`/feed`), Alum Zone, the jobs and the chat:
 * the screen's code and its first data are asked for as soon as the session is known, from the
 * route's loader, and the loader waits for them. The screen is then first drawn with its data,
 * in one render React can slice (main.tsx), rather than drawn empty and then redrawn as each
 * answer arrives: those redraws cannot be interrupted, and on a phone each was a long task of a
 * few hundred ms. Navigating there from another screen keeps that screen until the new one is
 * ready. A failed fetch does not fail the route: the screen shows its own error.
 */
async function prefetchMemberFeed(client: QueryClient, user: SignedInUser) {
  const [, { feedQuery }] = await Promise.all([
    import('../features/feed/components/feed-page'),
    import('../features/feed/api/posts'),
  ]);
  await client.prefetchInfiniteQuery(feedQuery(user._id, 'all'));
}

// An admin's home is the admin dashboard, drawn as soon as the session is known, its table
// fetched by the screen: its largest element is its title. With the table's first page fetched
// here, the server drew the table too, and taking that page over blocked the phone twice as
// long (median TBT 330 against 160 ms, five loads each at 4x); in the browser alone, the title
// painted 0.5 s later.
const prefetchHome = (client: QueryClient, user: SignedInUser | null) =>
  user && !isAdmin(user) ? prefetchMemberFeed(client, user) : null;

/**
 * A signed-in screen whose loader fetches its first data: `firstData` comes from the screen's own
 * module, so that the loader's import adds no chunk of its own to the first paint.
 */
const screenLoader =
  (firstData: (client: QueryClient, user: SignedInUser) => Promise<unknown> | null) =>
  async (client: QueryClient) => {
    const user = await requireUser(client);
    await firstData(client, user);
    return user;
  };

/** `/`: the landing page for a visitor, the dashboard for a signed-in user. */
export async function homeLoader(client: QueryClient) {
  const user = await currentUser(client);
  await prefetchHome(client, user);
  return user;
}

/** `/dashboard`: signed in only. */
export const dashboardLoader = screenLoader(prefetchHome);

/** `/feed`: signed in only; an admin reads the feed here too. */
export const feedLoader = screenLoader(prefetchMemberFeed);

/** `/alumzone`: the directory's first page of alumni. */
export const alumzoneLoader = screenLoader(async (client, user) =>
  (await import('../features/alumni/components/alumni-page')).prefetchFirstPage(
    client,
    user.collegeId,
  ),
);

/** `/jobs`: the board's first page. */
export const jobsLoader = screenLoader(async (client, user) =>
  (await import('../features/jobs/components/jobs-page')).prefetchFirstJobs(client, user),
);

/** `/chat`: the first page of the college's members. */
export const chatLoader = screenLoader(async (client, user) =>
  (await import('../features/chat/components/chat-page')).prefetchFirstMembers(client, user),
);
