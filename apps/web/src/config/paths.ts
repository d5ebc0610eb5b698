/** Every route of member-portal.md §2 and admin-area.md §2, written once. */
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
  // admin-area.md §2 (the admin dashboard itself is `dashboard`, shown by role).
  dispatchJobs: '/dashboard/jobs',
  uploadUsers: '/dashboard/upload-users',
  needHelp: '/dashboard/need-help',
  joinRequest: '/dashboard/join-request',
  pendingRequests: '/pending-requests/:groupId',
  jobCount: '/dashboard/job-count',
  givingBack: '/dashboard/giving-back',
  /** Ours: the spec does not show these routes. */
  collegeSetup: '/dashboard/setup',
  outbox: '/dashboard/outbox',
  /** The addresses that bounced or complained: never e-mailed until lifted (issue 26). */
  suppressions: '/dashboard/suppressions',
  /** What a member is told of, in the app and by e-mail (issue 26). */
  notificationSettings: '/settings/notifications',
  quizHost: '/dashboard/quiz',
  quizHostGame: '/dashboard/quiz/game/:code',
  quizHostReport: '/dashboard/quiz/game/:code/report',
  invite: '/invite/:token',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password/:token',
  groups: '/groups',
  /** A group's page: posts, members, chat (issue 27); `?invite=` opens a hidden group's link. */
  group: '/groups/:id',
  /** College admins create, edit and archive their college's groups (issue 27). */
  manageGroups: '/dashboard/groups',
  /** Reunions, meet-ups and webinars (issue 28): upcoming ones, past ones apart. */
  events: '/events',
  /** An event's page: when, where, RSVP and the member's ticket. */
  event: '/events/:id',
  /** Organisers create, edit and cancel events, with RSVP and attendance counts (issue 28). */
  manageEvents: '/dashboard/events',
  /** Scanning tickets at the door, on an organiser's phone. */
  eventCheckIn: '/dashboard/events/:id/check-in',
  /** Mentoring (issue 29): mentors suggested for the member, with the reasons. */
  mentoring: '/mentoring',
  /** Requests to the member (as a mentor) and from them. */
  mentoringRequests: '/mentoring/requests',
  /** The member's mentorships, and one with its goals, sessions and ending. */
  mentorships: '/mentoring/mentorships',
  mentorship: '/mentoring/mentorships/:id',
  /** The member's own mentor profile (the profile's "open to mentoring" is its switch). */
  mentorProfile: '/mentoring/profile',
  /** College admins: the programme's figures, topics and CSV (issue 29). */
  manageMentoring: '/dashboard/mentoring',
  /** The member's sessions, second factors and password (issue 30). */
  securitySettings: '/settings/security',
  /** Who sees the member's details; download the data; delete the account (issue 30). */
  privacySettings: '/settings/privacy',
  /** The second step of signing in: a code, a passkey or a recovery code; or enrolling one. */
  loginVerify: '/login/verify',
  /** Admins: who did what, when (issue 30). */
  audit: '/dashboard/audit',
  feedback: '/feedback',
  quiz: '/quiz',
  quizWithCode: '/quiz/:code',
  quizChallenge: '/quiz/challenge/:code',
} as const;

/** A path with its `:param` filled in. */
export const pathTo = (path: string, params: Record<string, string>) =>
  path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
