/**
 * The modules each main screen's route loads (src/app/router.tsx), by exact path: the route's
 * own module first, then any its first paint waits on that the route only asks for later. The
 * boot script preloads a screen's chunks from this table, and the size budget test
 * (e2e/bundle-size) measures them; a screen missing here still works, it only starts its
 * download later.
 */
export const ROUTE_MODULES: Record<string, readonly string[]> = {
  '/': ['src/app/routes/home.tsx'],
  '/login': ['src/features/auth/components/login-page.tsx'],
  '/signup': ['src/features/auth/components/signup-page.tsx'],
  // A member's dashboard is the feed (with its posts' calls), which the route's loader asks for
  // once the session is known (app/route-prefetch.ts): a round trip late.
  '/dashboard': ['src/app/routes/dashboard.tsx', 'src/features/feed/components/feed-page.tsx'],
  '/feed': ['src/features/feed/components/feed-page.tsx'],
  '/alumzone': ['src/features/alumni/components/alumni-page.tsx'],
  '/jobs': ['src/features/jobs/components/jobs-page.tsx'],
  '/chat': ['src/features/chat/components/chat-page.tsx'],
  '/quiz': ['src/features/quiz/components/quiz-page.tsx'],
  '/profile': ['src/features/profile/components/profile-page.tsx'],
  '/gallery': ['src/app/routes/gallery.tsx'],
  '/groups': ['src/features/groups/components/groups-page.tsx'],
};

/**
 * A page the server drew names whose it is (app/page-document.ts): the home screens of `/` and
 * `/dashboard` differ by role, and these replace the route's own list there.
 */
export const HOME_SCREENS: Record<'member' | 'admin', Record<string, readonly string[]>> = {
  member: {
    '/': ['src/app/routes/home.tsx', 'src/features/feed/components/feed-page.tsx'],
  },
  admin: {
    '/': [
      'src/app/routes/home.tsx',
      'src/features/admin/alumni/components/admin-dashboard-page.tsx',
    ],
    '/dashboard': [
      'src/app/routes/dashboard.tsx',
      'src/features/admin/alumni/components/admin-dashboard-page.tsx',
    ],
  },
};

/**
 * What a signed-in user's first page also needs: the session's schema (lib/session.ts loads it
 * to check who is signed in). Preloaded on every screen but a visitor's, and on those too when
 * this browser was signed in last time (STORED_USER_KEY of lib/session.ts is in storage).
 */
export const SIGNED_IN_MODULE = 'src/lib/session-calls.ts';
export const VISITOR_ROUTES = ['/', '/login', '/signup', '/quiz'];
export const STORED_USER_KEY = 'chat-user';
