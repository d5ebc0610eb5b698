import { useLoaderData } from 'react-router';
import { MemberHome } from '../../features/dashboard/components/member-home';
import { LandingPage } from '../../features/landing/components/landing-page';
import type { currentUser } from '../guards';

/** `/`: the dashboard-style home when signed in, otherwise the public landing screen. */
export function HomeRoute() {
  const user = useLoaderData<typeof currentUser>();
  return user ? <MemberHome /> : <LandingPage />;
}
