import type { SignedInUser } from '@alumnet/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType } from 'react';
import { isAdmin, meQuery } from '../../lib/session';
import { PageLoader } from '../page-loader';

// Each role downloads only its own screen.
const screens = {
  admin: async () =>
    (await import('../../features/admin/alumni/components/admin-dashboard-page'))
      .AdminDashboardPage,
  member: async () => (await import('../../features/feed/components/feed-page')).FeedPage,
};
type Role = keyof typeof screens;
const roleOf = (user: SignedInUser | null): Role => (isAdmin(user) ? 'admin' : 'member');

const lazyScreens: Record<Role, ComponentType> = {
  admin: lazy(async () => ({ default: await screens.admin() })),
  member: lazy(async () => ({ default: await screens.member() })),
};
const loadedScreens: Partial<Record<Role, ComponentType>> = {};

/**
 * Fetches the code of `user`'s home screen before the route first draws, so that it is drawn in
 * the same pass as the frame around it. A lazy component suspends on its first render however
 * soon its code arrives; taking over a page the server drew, the screen stayed untouched for a
 * few hundred ms after the frame, and a tap on its menu in that time was lost.
 */
export async function loadHomeScreen(user: SignedInUser) {
  const role = roleOf(user);
  loadedScreens[role] ??= await screens[role]();
}

/** `/dashboard` (admin-area.md §2): the admin dashboard for admins, the member feed for members. */
export function DashboardRoute() {
  const { data } = useSuspenseQuery(meQuery);
  const role = roleOf(data.user);
  // Another role's screen (a different user signed in since) is fetched on its first draw.
  const Screen = loadedScreens[role] ?? lazyScreens[role];
  return (
    <Suspense fallback={<PageLoader />}>
      <Screen />
    </Suspense>
  );
}
