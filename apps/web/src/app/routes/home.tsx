import { useLoaderData } from 'react-router';
import { LandingPage } from '../../features/landing/components/landing-page';
import type { currentUser } from '../guards';
import { DashboardRoute } from './dashboard';

export { loadHomeScreen } from './dashboard';

/**
 * `/`: the signed-in user's dashboard (the admin dashboard for an admin, the feed for a member),
 * otherwise the public landing screen. The admin screens' Back buttons lead here (admin-area.md §2).
 */
export function HomeRoute() {
  const user = useLoaderData<typeof currentUser>();
  return user ? <DashboardRoute /> : <LandingPage />;
}
