/** Every HTTP path the web app calls, written once (the spec's call tables). */
export const API = {
  auth: {
    signup: '/api/auth/signup',
    login: '/api/auth/login',
    logout: '/api/auth/logout',
    me: '/api/auth/me',
    setPassword: '/api/auth/set-password',
    /** POST {userName}: mail (or text) a reset link; the same answer whoever asks. */
    passwordReset: '/api/auth/password-reset',
    /** GET: is the link still good; POST {newPassword, confirmPassword}: set it and sign in. */
    passwordResetToken: (token: string) => `/api/auth/password-reset/${encodeURIComponent(token)}`,
  },
  users: {
    user: '/api/users/user',
    update: '/api/users/update',
    countries: '/api/users/countries',
    cities: '/api/users/cities',
  },
  colleges: {
    fetch: '/api/colleges/fetch',
    namesAndIds: '/api/colleges/names-and-ids',
    degrees: '/api/colleges/degrees/fetch',
    batches: '/api/colleges/batches/fetch',
    branches: '/api/colleges/branches/fetch',
  },
  help: { add: '/api/help/add' },
  posts: {
    fetch: '/api/posts/fetch',
    add: '/api/posts/add',
    saveComment: '/api/posts/savecomment',
    updateLikes: '/api/posts/updateLikes',
    /** GET: one post the member may see (a notification's link opens it), 404 otherwise. */
    one: (postId: string) => `/api/posts/one/${encodeURIComponent(postId)}`,
    /** GET ?before=: the post's comments, 20 a page, newest first; 404 if the member may not see it. */
    comments: (postId: string) => `/api/posts/${encodeURIComponent(postId)}/comments`,
  },
  alumzone: {
    search: '/api/alumzone/search',
    companies: '/api/alumzone/search/companies',
    alumniCount: '/api/alumzone/search/alumnicount',
    batchmatesCount: '/api/alumzone/search/batchmatesCount',
    branchmatesCount: '/api/alumzone/search/branchmatesCount',
  },
  jobs: {
    fetch: '/api/jobs/fetch',
    add: '/api/jobs/add',
    delete: '/api/jobs/delete',
    updateLikes: '/api/jobs/updateLikes',
    saveComment: '/api/jobs/savecomment',
    /** GET: one job the member may see (a notification's link opens it), 404 otherwise. */
    one: (jobId: string) => `/api/jobs/one/${encodeURIComponent(jobId)}`,
    /** GET ?before=: the job's comments, 20 a page, newest first; 404 if the member may not see it. */
    comments: (jobId: string) => `/api/jobs/${encodeURIComponent(jobId)}/comments`,
  },
  messages: {
    users: '/api/messages/users',
    search: '/api/messages/users/search',
    /** GET: one member as the list shows them (a link's `/chat?with=` past the first page). */
    member: (memberId: string) => `/api/messages/users/${encodeURIComponent(memberId)}`,
    /** GET: the conversation with that member, oldest first. */
    conversation: (memberId: string) => `/api/messages/${encodeURIComponent(memberId)}`,
    send: (memberId: string) => `/api/messages/send/${encodeURIComponent(memberId)}`,
  },
  dashboard: {
    filterOptions: '/api/dashboard/filter-options',
    search: '/api/dashboard/searchDashBoard',
    addJob: '/api/dashboard/addJob',
    reject: '/api/dashboard/reject',
    deleteUser: '/api/delete/deleteUser',
    updateUserMetadata: '/api/dashboard/update-user-metadata',
    fetchJobs: '/api/dashboard/fetchJobs',
    dispatch: (jobId: string) => `/api/dashboard/dispatch/${encodeURIComponent(jobId)}`,
    deleteJob: (jobId: string) => `/api/dashboard/deleteJob/${encodeURIComponent(jobId)}`,
    /** GET: a job's input or output CSV by its file name (admin-area.md §7). */
    download: (fileName: string) => `/api/dashboard/download/${encodeURIComponent(fileName)}`,
    /** GET ?page: what was "sent" while no provider is configured. */
    outbox: '/api/dashboard/outbox',
  },
  /** College setup (ours: /dashboard/setup) and the CSV upload's ids by name (admin-area.md §7). */
  setup: {
    list: (kind: 'degrees' | 'courses' | 'branches' | 'batches') => `/api/colleges/${kind}/fetch`,
    add: (kind: 'degrees' | 'courses' | 'branches' | 'batches') => `/api/colleges/${kind}/add`,
    degreeId: '/api/colleges/degrees/degreeId',
    batchId: '/api/colleges/batches/batchId',
    branchId: '/api/colleges/branches/branchId',
  },
  /** The super-admin console (/admin46478): colleges and their admins. */
  console: {
    colleges: '/api/console/colleges',
    college: (collegeId: string) => `/api/console/colleges/${encodeURIComponent(collegeId)}`,
    admins: (collegeId: string) => `/api/console/colleges/${encodeURIComponent(collegeId)}/admins`,
    admin: (userId: string) => `/api/console/admins/${encodeURIComponent(userId)}`,
  },
  /** The quiz player's calls and socket (member-portal.md §7, "separate API host"). */
  quiz: {
    gameStatus: (code: string) => `/api/kahoot/game-status/${encodeURIComponent(code)}`,
    validateUser: '/api/kahoot/validate-user',
    /** Ours: sends a visitor a six-digit code for validate-user (issue 25). */
    emailCode: '/api/kahoot/email-code',
    joinGame: (code: string) => `/api/kahoot/join-game/${encodeURIComponent(code)}`,
    submitAnswer: (code: string, playerId: string) =>
      `/api/kahoot/submit-answer/${encodeURIComponent(code)}/${encodeURIComponent(playerId)}`,
    socket: (code: string) => `/api/kahoot/ws/${encodeURIComponent(code)}`,
    /** Ours (issue 31): a self-paced challenge, played by a signed-in member. */
    challenge: (code: string) => `/api/quiz-challenges/${encodeURIComponent(code)}`,
    /** Starts the attempt, or moves on to the next question once this one is answered or over. */
    challengeNext: (code: string) => `/api/quiz-challenges/${encodeURIComponent(code)}/next`,
    challengeAnswer: (code: string) => `/api/quiz-challenges/${encodeURIComponent(code)}/answer`,
  },
  /** The host's side of the quiz (ours: the spec shows only the player). */
  quizHost: {
    quizzes: '/api/quizzes',
    quiz: (quizId: string) => `/api/quizzes/${encodeURIComponent(quizId)}`,
    startGame: (quizId: string) => `/api/quizzes/${encodeURIComponent(quizId)}/games`,
    game: (code: string) => `/api/quiz-games/${encodeURIComponent(code)}`,
    action: (code: string) => `/api/quiz-games/${encodeURIComponent(code)}/action`,
    results: (code: string) => `/api/quiz-games/${encodeURIComponent(code)}/results.csv`,
    /** Issue 31: a quiz assigned as a self-paced challenge with a deadline. */
    challenge: (quizId: string) => `/api/quizzes/${encodeURIComponent(quizId)}/challenges`,
    /** The college's past and running games, newest first. */
    games: '/api/quiz-games',
    report: (code: string) => `/api/quiz-games/${encodeURIComponent(code)}/report`,
  },
  /** Upload Users (improvement: the file is sent once and imported as a job). */
  imports: {
    upload: '/api/dashboard/upload-users',
    show: (importId: string) => `/api/dashboard/imports/${encodeURIComponent(importId)}`,
    report: (importId: string) => `/api/dashboard/imports/${encodeURIComponent(importId)}/report`,
  },
  /** The dashboard's Analytical and New Data tabs and the Company List (admin-area.md §7). */
  analytics: {
    distribution: '/api/dashboard/distribution',
    newData: '/api/newData/getNewData',
    companies: (collegeId: string) => `/api/dashboard/companies/${encodeURIComponent(collegeId)}`,
  },
  /** Help requests, join-group requests, job/activity counts and feedback (admin-area.md §7). */
  community: {
    fetchHelpRequests: '/api/dashboard/fetchHelpRequests',
    updateHelpStatus: '/api/help/update-status',
    collegeGroups: '/api/groups/alumgroups/user/all',
    pending: (groupId: string) => `/api/groups/pending/${encodeURIComponent(groupId)}`,
    approve: '/api/groups/alumgroups/user/approverequest',
    reject: '/api/groups/alumgroups/user/cancelrequest',
    myGroups: '/api/groups/mine',
    join: '/api/groups/join',
    jobsCount: '/api/dashboard/jobs-count',
    feedback: '/api/feedback',
  },
  /** Groups that live (issue 27); the spec's join-request calls stay under `community`. */
  groups: {
    /** POST (admins): a new group. */
    create: '/api/groups',
    /** GET ?collegeId=: the groups an admin runs (/dashboard/groups). */
    manage: '/api/groups/manage',
    /** GET: the group; PUT (admins): edit, archive. */
    one: (id: string) => `/api/groups/${encodeURIComponent(id)}`,
    /** GET ?cursor=, POST. */
    posts: (id: string) => `/api/groups/${encodeURIComponent(id)}/posts`,
    removePost: (id: string, postId: string) =>
      `/api/groups/${encodeURIComponent(id)}/posts/${encodeURIComponent(postId)}/remove`,
    removeComment: (id: string, commentId: string) =>
      `/api/groups/${encodeURIComponent(id)}/comments/${encodeURIComponent(commentId)}/remove`,
    /** POST {postId | null}. */
    pin: (id: string) => `/api/groups/${encodeURIComponent(id)}/pin`,
    /** GET ?search=&page=; POST {userId} (organisers) adds one. */
    members: (id: string) => `/api/groups/${encodeURIComponent(id)}/members`,
    removeMember: (id: string, userId: string) =>
      `/api/groups/${encodeURIComponent(id)}/members/${encodeURIComponent(userId)}/remove`,
    /** GET ?before=, POST {message, clientId}. */
    messages: (id: string) => `/api/groups/${encodeURIComponent(id)}/messages`,
    removeMessage: (id: string, messageId: string) =>
      `/api/groups/${encodeURIComponent(id)}/messages/${encodeURIComponent(messageId)}/remove`,
    leave: (id: string) => `/api/groups/${encodeURIComponent(id)}/leave`,
    /** PUT {userIds} (admins). */
    organisers: (id: string) => `/api/groups/${encodeURIComponent(id)}/organisers`,
    /** POST (organisers of a hidden group): a new invitation link. */
    invite: (id: string) => `/api/groups/${encodeURIComponent(id)}/invite`,
  },
  /** Events (issue 28). */
  events: {
    /** GET ?from=&to=&audience=&past=; POST (admins, a group's organisers). */
    list: '/api/events',
    /** GET ?collegeId=: /dashboard/events (with RSVP and attendance counts). */
    manage: '/api/events/manage',
    /** GET: the member's private calendar feed path; POST: a new one (the old stops working). */
    calendarFeed: '/api/events/calendar-feed',
    /** GET; PUT (organisers). */
    one: (id: string) => `/api/events/${encodeURIComponent(id)}`,
    cancel: (id: string) => `/api/events/${encodeURIComponent(id)}/cancel`,
    rsvp: (id: string) => `/api/events/${encodeURIComponent(id)}/rsvp`,
    /** GET ?format=csv (organisers). */
    attendees: (id: string) => `/api/events/${encodeURIComponent(id)}/attendees`,
    checkIn: (id: string) => `/api/events/${encodeURIComponent(id)}/check-in`,
    ics: (id: string) => `/api/events/${encodeURIComponent(id)}.ics`,
  },
  /** A member's calendar feed, subscribed to by calendar apps (no session: the token is the key). */
  calendarFeed: (token: string) => `/calendar/${encodeURIComponent(token)}.ics`,
  invitations: {
    /** GET: who the invitation is for; POST .../accept: set a password and register. */
    show: (token: string) => `/api/invitations/${encodeURIComponent(token)}`,
    accept: (token: string) => `/api/invitations/${encodeURIComponent(token)}/accept`,
  },
  /**
   * Twilio-shaped delivery status callbacks (form-encoded, signed): called by providers' servers,
   * not browsers, so exempt from the same-site rule (plugins/request-origin.ts).
   */
  webhooks: {
    prefix: '/api/webhooks/',
    messageStatus: '/api/webhooks/messages/status',
    /** Bounces and complaints: Amazon SES through SNS (signed), or signedEmailEvents. */
    emailEvents: '/api/webhooks/email-events',
  },
  /** Mentoring (issue 29). */
  mentoring: {
    /** GET ?topic=&industry=&country=&taking=&page=: mentors ranked for the caller. */
    suggestions: '/api/mentoring/suggestions',
    /** GET, PUT: the caller's mentor profile. */
    profile: '/api/mentoring/profile',
    /** GET: to and from the caller; POST {mentorId, goal, message}. */
    requests: '/api/mentoring/requests',
    accept: (id: string) => `/api/mentoring/requests/${encodeURIComponent(id)}/accept`,
    decline: (id: string) => `/api/mentoring/requests/${encodeURIComponent(id)}/decline`,
    /** POST: the mentee takes back an open request. */
    withdraw: (id: string) => `/api/mentoring/requests/${encodeURIComponent(id)}/withdraw`,
    mentorships: '/api/mentoring/mentorships',
    mentorship: (id: string) => `/api/mentoring/mentorships/${encodeURIComponent(id)}`,
    /** POST {text}. */
    goals: (id: string) => `/api/mentoring/mentorships/${encodeURIComponent(id)}/goals`,
    /** PATCH {text?, done?}; DELETE. */
    goal: (id: string, goalId: string) =>
      `/api/mentoring/mentorships/${encodeURIComponent(id)}/goals/${encodeURIComponent(goalId)}`,
    /** POST {heldOn, minutes, notes}. */
    sessions: (id: string) => `/api/mentoring/mentorships/${encodeURIComponent(id)}/sessions`,
    /** POST {rating, comment}. */
    end: (id: string) => `/api/mentoring/mentorships/${encodeURIComponent(id)}/end`,
    /** GET ?collegeId=&format=csv (admins): the programme's figures. */
    programme: '/api/dashboard/mentoring',
    /** POST {name} (admins). */
    topics: '/api/dashboard/mentoring/topics',
  },
  /** The signed-in member's notifications (issue 26). */
  notifications: {
    /** GET ?cursor: newest first, NOTIFICATIONS_PAGE_SIZE a page. */
    list: '/api/notifications',
    unreadCount: '/api/notifications/unread-count',
    /** POST {ids} or {all: true}. */
    read: '/api/notifications/read',
    /** GET, PUT {preferences}. */
    preferences: '/api/notifications/preferences',
  },
  /** A second factor (issue 30). Reachable by a session that has not passed its factor yet. */
  mfa: {
    totpEnrol: '/api/auth/mfa/totp/enrol',
    /** POST {code}: a TOTP code or a recovery code; confirms an enrolment or a sign-in. */
    totpVerify: '/api/auth/mfa/totp/verify',
    passkeyRegisterOptions: '/api/auth/mfa/webauthn/register/options',
    passkeyRegister: '/api/auth/mfa/webauthn/register',
    passkeyAuthenticateOptions: '/api/auth/mfa/webauthn/authenticate/options',
    passkeyAuthenticate: '/api/auth/mfa/webauthn/authenticate',
  },
  /** Single sign-on per college (issue 30). */
  sso: {
    /** GET: colleges with a provider, for the login page's buttons. */
    providers: '/api/auth/oidc/providers',
    /** GET: redirects to the college's provider. */
    start: (collegeId: string) => `/api/auth/oidc/${encodeURIComponent(collegeId)}/start`,
    callback: '/api/auth/oidc/callback',
    /** GET, PUT, DELETE (super admins): a college's provider. */
    college: (collegeId: string) => `/api/admin/colleges/${encodeURIComponent(collegeId)}/sso`,
  },
  /** The signed-in member's own account (issue 30). */
  me: {
    /** GET, PUT {email, phone, company, city, listed}. */
    privacy: '/api/me/privacy',
    /** GET: the latest; POST: build a zip and e-mail a link. */
    export: '/api/me/export',
    /** GET: the zip, for its owner only, within EXPORT_LINK_HOURS. */
    exportDownload: (token: string) => `/api/me/export/${encodeURIComponent(token)}`,
    /** GET: pending deletion; POST {password, keepContent}: start the grace period. */
    delete: '/api/me/delete',
    cancelDelete: '/api/me/delete/cancel',
    sessions: '/api/me/sessions',
    /** DELETE: end that session. */
    session: (id: string) => `/api/me/sessions/${encodeURIComponent(id)}`,
    /** POST: end every session but this one. */
    endOtherSessions: '/api/me/sessions/end-others',
    /** POST {currentPassword, newPassword, confirmPassword}. */
    password: '/api/me/password',
    /** GET: the account's second factors. */
    factors: '/api/me/factors',
    /** DELETE: turn the authenticator app off (not an admin's last factor). */
    totp: '/api/me/factors/totp',
    /** DELETE: remove that passkey (not an admin's last factor). */
    passkey: (id: string) => `/api/me/factors/passkeys/${encodeURIComponent(id)}`,
    /** POST: ten new recovery codes, the old ones void. */
    recoveryCodes: '/api/me/factors/recovery-codes',
  },
  /** GET ?actor=&action=&from=&to=&page=&collegeId=&format=csv (admins). */
  audit: '/api/dashboard/audit',
  /** Admin actions on one member's account (issue 30). */
  accounts: {
    /** POST {keepContent, request}: delete at the member's written request (admins). */
    delete: (userId: string) => `/api/dashboard/users/${encodeURIComponent(userId)}/delete-account`,
    /** POST (super admins): remove every second factor, so the person enrols again. */
    resetMfa: (userId: string) => `/api/admin/users/${encodeURIComponent(userId)}/mfa/reset`,
  },
  /** POST: the one-click target of an e-mail's List-Unsubscribe (RFC 8058); no session needed. */
  unsubscribe: (token: string) => `/api/unsubscribe/${encodeURIComponent(token)}`,
  /** Admins: addresses never e-mailed again (hard bounces, complaints); GET, and POST lift. */
  suppressions: { list: '/api/dashboard/suppressions', lift: '/api/dashboard/suppressions/lift' },
  /** GET ?cursor: the pictures of the posts the member may see, newest first. */
  gallery: { fetch: '/api/gallery' },
  images: {
    /** PUT with the image bytes; see uploadFileName. */
    upload: (fileName: string) => `/v1/${encodeURIComponent(fileName)}`,
    show: '/v1/s3',
  },
} as const;
