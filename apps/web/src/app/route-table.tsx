import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { ErrorPage } from './error-page';
import { PageLoader } from './page-loader';
import {
  alumzoneLoader,
  chatLoader,
  dashboardLoader,
  feedLoader,
  homeLoader,
  jobsLoader,
} from './route-prefetch';
import { currentUser, guestOnly, requireUser } from './guards';
import type { loadHomeScreen } from './routes/dashboard';

/**
 * The app's routes, their loaders filling `client`: the browser's query client (main.tsx), or a
 * request's own when the server draws a signed-in page (src/ssr.tsx), so that one user's data
 * never sits where another's render could read it. Every screen is its own chunk; the guard
 * loaders decide before it is fetched.
 */
export const createRoutes = (client: QueryClient): RouteObject[] => {
  // `/` and `/dashboard` draw the signed-in user's home screen, one chunk for each role.
  const withHomeScreen = async <M extends { loadHomeScreen: typeof loadHomeScreen }>(
    route: Promise<M>,
  ) => {
    const [module, user] = await Promise.all([route, currentUser(client).catch(() => null)]);
    if (user) await module.loadHomeScreen(user);
    return module;
  };
  return [
    {
      errorElement: <ErrorPage />,
      // Shown while the first route's loader (the session check) runs.
      HydrateFallback: PageLoader,
      children: [
        {
          path: paths.home,
          loader: () => homeLoader(client),
          lazy: async () => ({
            Component: (await withHomeScreen(import('./routes/home'))).HomeRoute,
          }),
        },
        {
          path: paths.login,
          loader: () => guestOnly(client),
          lazy: async () => ({
            Component: (await import('../features/auth/components/login-page')).LoginPage,
          }),
        },
        {
          path: paths.signup,
          loader: () => guestOnly(client),
          lazy: async () => ({
            Component: (await import('../features/auth/components/signup-page')).SignupPage,
          }),
        },
        {
          path: paths.dashboard,
          loader: () => dashboardLoader(client),
          lazy: async () => ({
            Component: (await withHomeScreen(import('./routes/dashboard'))).DashboardRoute,
          }),
        },
        {
          path: paths.feed,
          loader: () => feedLoader(client),
          lazy: async () => ({
            Component: (await import('../features/feed/components/feed-page')).FeedPage,
          }),
        },
        // Admin screens: sign-in is checked here, the role on the screen (a member sees why not).
        {
          path: paths.dispatchJobs,
          loader: () => requireUser(client),
          lazy: async () => ({
            Component: (await import('../features/admin/dispatch/components/dispatch-jobs-page'))
              .DispatchJobsPage,
          }),
        },
        {
          path: paths.uploadUsers,
          loader: () => requireUser(client),
          lazy: async () => ({
            Component: (await import('../features/admin/upload/components/upload-page')).UploadPage,
          }),
        },
        {
          path: paths.collegeSetup,
          loader: () => requireUser(client),
          lazy: async () => ({
            Component: (await import('../features/admin/setup/components/setup-page')).SetupPage,
          }),
        },
        {
          path: paths.outbox,
          loader: () => requireUser(client),
          lazy: async () => ({
            Component: (await import('../features/admin/outbox/components/outbox-page')).OutboxPage,
          }),
        },
        {
          path: paths.suppressions,
          loader: () => requireUser(client),
          lazy: async () => ({
            Component: (await import('../features/admin/suppressions/components/suppressions-page'))
              .SuppressionsPage,
          }),
        },
        {
          path: paths.needHelp,
          loader: () => requireUser(client),
          lazy: async () => ({
            Component: (await import('../features/admin/help/components/help-requests-page'))
              .HelpRequestsPage,
          }),
        },
        {
          path: paths.joinRequest,
          loader: () => requireUser(client),
          lazy: async () => ({
            Component: (
              await import('../features/admin/join-requests/components/join-requests-page')
            ).JoinRequestsPage,
          }),
        },
        {
          path: paths.pendingRequests,
          loader: () => requireUser(client),
          lazy: async () => ({
            Component: (
              await import('../features/admin/join-requests/components/pending-requests-page')
            ).PendingRequestsPage,
          }),
        },
        {
          path: paths.jobCount,
          loader: () => requireUser(client),
          lazy: async () => ({
            Component: (await import('../features/admin/job-count/components/job-count-page'))
              .JobCountPage,
          }),
        },
        {
          path: paths.givingBack,
          loader: () => requireUser(client),
          lazy: async () => ({
            Component: (await import('../features/admin/feedback/components/feedback-page'))
              .FeedbackPage,
          }),
        },
        // The live quiz: the player's screen is open to everyone (a member plays by e-mail).
        ...[paths.quiz, paths.quizWithCode].map((path) => ({
          path,
          lazy: async () => ({
            Component: (await import('../features/quiz/components/quiz-page')).QuizPage,
          }),
        })),
        // A self-paced challenge is a member's: it is played as the signed-in member, once.
        {
          path: paths.quizChallenge,
          loader: () => requireUser(client),
          lazy: async () => ({
            Component: (await import('../features/quiz/components/challenge-page')).ChallengePage,
          }),
        },
        {
          path: paths.quizHost,
          loader: () => requireUser(client),
          lazy: async () => ({
            Component: (await import('../features/admin/quiz-host/components/quiz-host-page'))
              .QuizHostPage,
          }),
        },
        {
          path: paths.quizHostReport,
          loader: () => requireUser(client),
          lazy: async () => ({
            Component: (await import('../features/admin/quiz-host/components/report-page'))
              .ReportPage,
          }),
        },
        {
          path: paths.quizHostGame,
          loader: () => requireUser(client),
          lazy: async () => ({
            Component: (await import('../features/admin/quiz-host/components/game-console-page'))
              .GameConsolePage,
          }),
        },
        {
          path: paths.groups,
          loader: () => requireUser(client),
          lazy: async () => ({
            Component: (await import('../features/groups/components/groups-page')).GroupsPage,
          }),
        },
        {
          path: paths.group,
          loader: () => requireUser(client),
          lazy: async () => ({
            Component: (await import('../features/groups/components/group-page')).GroupPage,
          }),
        },
        {
          path: paths.manageGroups,
          loader: () => requireUser(client),
          lazy: async () => ({
            Component: (await import('../features/admin/groups/components/manage-groups-page'))
              .ManageGroupsPage,
          }),
        },
        {
          path: paths.events,
          loader: () => requireUser(client),
          lazy: async () => ({
            Component: (await import('../features/events/components/event-screens')).EventsPage,
          }),
        },
        {
          path: paths.event,
          loader: () => requireUser(client),
          lazy: async () => ({
            Component: (await import('../features/events/components/event-screens')).EventPage,
          }),
        },
        // Admins, and a group's organisers for their groups' events: the server says whose.
        {
          path: paths.manageEvents,
          loader: () => requireUser(client),
          lazy: async () => ({
            Component: (await import('../features/admin/events/components/manage-event-screens'))
              .ManageEventsPage,
          }),
        },
        {
          path: paths.eventCheckIn,
          loader: () => requireUser(client),
          lazy: async () => ({
            Component: (await import('../features/admin/events/components/manage-event-screens'))
              .CheckInPage,
          }),
        },
        {
          path: paths.mentoring,
          loader: () => requireUser(client),
          lazy: async () => ({
            Component: (await import('../features/mentoring/components/mentoring-screens'))
              .FindMentorPage,
          }),
        },
        {
          path: paths.mentoringRequests,
          loader: () => requireUser(client),
          lazy: async () => ({
            Component: (await import('../features/mentoring/components/mentoring-screens'))
              .MentoringRequestsPage,
          }),
        },
        {
          path: paths.mentorships,
          loader: () => requireUser(client),
          lazy: async () => ({
            Component: (await import('../features/mentoring/components/mentoring-screens'))
              .MentorshipsPage,
          }),
        },
        {
          path: paths.mentorship,
          loader: () => requireUser(client),
          lazy: async () => ({
            Component: (await import('../features/mentoring/components/mentoring-screens'))
              .MentorshipPage,
          }),
        },
        {
          path: paths.mentorProfile,
          loader: () => requireUser(client),
          lazy: async () => ({
            Component: (await import('../features/mentoring/components/mentoring-screens'))
              .MentorProfilePage,
          }),
        },
        {
          path: paths.manageMentoring,
          loader: () => requireUser(client),
          lazy: async () => ({
            Component: (await import('../features/admin/mentoring/components/programme-page'))
              .ProgrammePage,
          }),
        },
        {
          path: paths.feedback,
          loader: () => requireUser(client),
          lazy: async () => ({
            Component: (await import('../features/feedback/components/feedback-form-page'))
              .FeedbackFormPage,
          }),
        },
        {
          path: paths.forgotPassword,
          loader: () => guestOnly(client),
          lazy: async () => ({
            Component: (await import('../features/auth/components/forgot-password-page'))
              .ForgotPasswordPage,
          }),
        },
        // No guard: a link opened where someone is signed in signs its own member in instead.
        {
          path: paths.resetPassword,
          lazy: async () => ({
            Component: (await import('../features/auth/components/reset-password-page'))
              .ResetPasswordPage,
          }),
        },
        {
          path: paths.invite,
          lazy: async () => ({
            Component: (await import('../features/invite/components/invite-page')).InvitePage,
          }),
        },
        {
          path: paths.alumzone,
          loader: () => alumzoneLoader(client),
          lazy: async () => ({
            Component: (await import('../features/alumni/components/alumni-page')).AlumniPage,
          }),
        },
        {
          path: paths.profile,
          loader: () => requireUser(client),
          lazy: async () => ({
            Component: (await import('../features/profile/components/profile-page')).ProfilePage,
          }),
        },
        {
          path: paths.jobs,
          loader: () => jobsLoader(client),
          lazy: async () => ({
            Component: (await import('../features/jobs/components/jobs-page')).JobsPage,
          }),
        },
        {
          path: paths.chat,
          loader: () => chatLoader(client),
          lazy: async () => ({
            Component: (await import('../features/chat/components/chat-page')).ChatPage,
          }),
        },
        {
          path: paths.superAdmin,
          loader: () => requireUser(client),
          lazy: async () => ({
            Component: (await import('../features/admin/console/components/console-page'))
              .ConsolePage,
          }),
        },
        // A member's list, a visitor's placeholder.
        {
          path: paths.notifications,
          loader: () => currentUser(client),
          lazy: async () => ({
            Component: (await import('../features/notifications/components/notifications-page'))
              .NotificationsPage,
          }),
        },
        {
          path: paths.notificationSettings,
          loader: () => requireUser(client),
          lazy: async () => ({
            Component: (await import('../features/settings/components/notification-settings-page'))
              .NotificationSettingsPage,
          }),
        },
        {
          path: paths.securitySettings,
          loader: () => requireUser(client),
          lazy: async () => ({
            Component: (await import('../features/settings/components/security-page')).SecurityPage,
          }),
        },
        {
          path: paths.privacySettings,
          loader: () => requireUser(client),
          lazy: async () => ({
            Component: (await import('../features/settings/components/privacy-settings-page'))
              .PrivacySettingsPage,
          }),
        },
        {
          path: paths.loginVerify,
          loader: () => currentUser(client),
          lazy: async () => ({
            Component: (await import('../features/auth/components/login-verify-page'))
              .LoginVerifyPage,
          }),
        },
        {
          path: paths.audit,
          loader: () => requireUser(client),
          lazy: async () => ({
            Component: (await import('../features/admin/audit/components/audit-page')).AuditPage,
          }),
        },
        {
          path: paths.gallery,
          loader: () => currentUser(client),
          lazy: async () => ({ Component: (await import('./routes/gallery')).GalleryRoute }),
        },
        {
          path: paths.privacy,
          lazy: async () => ({
            Component: (await import('../features/legal/components/privacy-page')).PrivacyPage,
          }),
        },
        {
          path: paths.support,
          lazy: async () => ({
            Component: (await import('../features/legal/components/support-page')).SupportPage,
          }),
        },
        { path: '*', element: <ErrorPage notFound /> },
      ],
    },
  ];
};
