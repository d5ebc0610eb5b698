import { useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { isAdmin, meQuery } from '../../lib/session';
import { PageLoader } from '../page-loader';

// Each role downloads only its own screen.
const AdminDashboardPage = lazy(async () => ({
  default: (await import('../../features/admin/alumni/components/admin-dashboard-page'))
    .AdminDashboardPage,
}));
const FeedPage = lazy(async () => ({
  default: (await import('../../features/feed/components/feed-page')).FeedPage,
}));

/** `/dashboard` (admin-area.md §2): the admin dashboard for admins, the member feed for members. */
export function DashboardRoute() {
  const { data } = useSuspenseQuery(meQuery);
  return (
    <Suspense fallback={<PageLoader />}>
      {isAdmin(data.user) ? <AdminDashboardPage /> : <FeedPage />}
    </Suspense>
  );
}
