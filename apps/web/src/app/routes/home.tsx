import { useLoaderData } from 'react-router';
import { FeedPage } from '../../features/feed/components/feed-page';
import { LandingPage } from '../../features/landing/components/landing-page';
import type { currentUser } from '../guards';

/** `/`: the dashboard-style home when signed in, otherwise the public landing screen. */
export function HomeRoute() {
  const user = useLoaderData<typeof currentUser>();
  return user ? <FeedPage /> : <LandingPage />;
}
