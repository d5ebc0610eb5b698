import { createBrowserRouter } from 'react-router';
import { paths } from '../config/paths';
import { ErrorPage } from './error-page';
import { PageLoader } from './page-loader';
import { alumzoneLoader, dashboardLoader, feedLoader, homeLoader } from './route-prefetch';
import { currentUser, guestOnly, requireUser } from './guards';

// Every screen is its own chunk; the guard loaders decide before it is fetched.
export const router = createBrowserRouter([
  {
    errorElement: <ErrorPage />,
    // Shown while the first route's loader (the session check) runs.
    HydrateFallback: PageLoader,
    children: [
      {
        path: paths.home,
        loader: homeLoader,
        lazy: async () => ({ Component: (await import('./routes/home')).HomeRoute }),
      },
      {
        path: paths.login,
        loader: guestOnly,
        lazy: async () => ({
          Component: (await import('../features/auth/components/login-page')).LoginPage,
        }),
      },
      {
        path: paths.signup,
        loader: guestOnly,
        lazy: async () => ({
          Component: (await import('../features/auth/components/signup-page')).SignupPage,
        }),
      },
      {
        path: paths.dashboard,
        loader: dashboardLoader,
        lazy: async () => ({ Component: (await import('./routes/dashboard')).DashboardRoute }),
      },
      {
        path: paths.feed,
        loader: feedLoader,
        lazy: async () => ({
          Component: (await import('../features/feed/components/feed-page')).FeedPage,
        }),
      },
      // Admin screens: sign-in is checked here, the role on the screen (a member sees why not).
      {
        path: paths.dispatchJobs,
        loader: requireUser,
        lazy: async () => ({
          Component: (await import('../features/admin/dispatch/components/dispatch-jobs-page'))
            .DispatchJobsPage,
        }),
      },
      {
        path: paths.uploadUsers,
        loader: requireUser,
        lazy: async () => ({
          Component: (await import('../features/admin/upload/components/upload-page')).UploadPage,
        }),
      },
      {
        path: paths.collegeSetup,
        loader: requireUser,
        lazy: async () => ({
          Component: (await import('../features/admin/setup/components/setup-page')).SetupPage,
        }),
      },
      {
        path: paths.outbox,
        loader: requireUser,
        lazy: async () => ({
          Component: (await import('../features/admin/outbox/components/outbox-page')).OutboxPage,
        }),
      },
      {
        path: paths.needHelp,
        loader: requireUser,
        lazy: async () => ({
          Component: (await import('../features/admin/help/components/help-requests-page'))
            .HelpRequestsPage,
        }),
      },
      {
        path: paths.joinRequest,
        loader: requireUser,
        lazy: async () => ({
          Component: (await import('../features/admin/join-requests/components/join-requests-page'))
            .JoinRequestsPage,
        }),
      },
      {
        path: paths.pendingRequests,
        loader: requireUser,
        lazy: async () => ({
          Component: (
            await import('../features/admin/join-requests/components/pending-requests-page')
          ).PendingRequestsPage,
        }),
      },
      {
        path: paths.jobCount,
        loader: requireUser,
        lazy: async () => ({
          Component: (await import('../features/admin/job-count/components/job-count-page'))
            .JobCountPage,
        }),
      },
      {
        path: paths.givingBack,
        loader: requireUser,
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
      {
        path: paths.quizHost,
        loader: requireUser,
        lazy: async () => ({
          Component: (await import('../features/admin/quiz-host/components/quiz-host-page'))
            .QuizHostPage,
        }),
      },
      {
        path: paths.quizHostGame,
        loader: requireUser,
        lazy: async () => ({
          Component: (await import('../features/admin/quiz-host/components/game-console-page'))
            .GameConsolePage,
        }),
      },
      {
        path: paths.groups,
        loader: requireUser,
        lazy: async () => ({
          Component: (await import('../features/groups/components/groups-page')).GroupsPage,
        }),
      },
      {
        path: paths.feedback,
        loader: requireUser,
        lazy: async () => ({
          Component: (await import('../features/feedback/components/feedback-form-page'))
            .FeedbackFormPage,
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
        loader: alumzoneLoader,
        lazy: async () => ({
          Component: (await import('../features/alumni/components/alumni-page')).AlumniPage,
        }),
      },
      {
        path: paths.profile,
        loader: requireUser,
        lazy: async () => ({
          Component: (await import('../features/profile/components/profile-page')).ProfilePage,
        }),
      },
      {
        path: paths.jobs,
        loader: requireUser,
        lazy: async () => ({
          Component: (await import('../features/jobs/components/jobs-page')).JobsPage,
        }),
      },
      {
        path: paths.chat,
        loader: requireUser,
        lazy: async () => ({
          Component: (await import('../features/chat/components/chat-page')).ChatPage,
        }),
      },
      {
        path: paths.superAdmin,
        loader: requireUser,
        lazy: async () => ({
          Component: (await import('../features/admin/console/components/console-page'))
            .ConsolePage,
        }),
      },
      {
        path: paths.notifications,
        lazy: async () => ({
          Component: (await import('../features/notifications/components/notifications-page'))
            .NotificationsPage,
        }),
      },
      {
        path: paths.gallery,
        loader: currentUser,
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
]);
