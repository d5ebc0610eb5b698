/** Every route of member-portal.md §2, written once. */
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  dashboard: '/dashboard',
  feed: '/feed',
  alumzone: '/alumzone',
  jobs: '/jobs',
  chat: '/chat',
  profile: '/profile',
  notifications: '/notifications',
  gallery: '/gallery',
  privacy: '/privacy',
  support: '/support',
  superAdmin: '/admin46478',
} as const;
