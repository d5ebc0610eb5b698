// The e-mail side of notifications: what the worker starts, what a benchmark or script may run
// directly, and the unsubscribe routes the app registers.
export { startNotificationEmailJobs } from './jobs';
export { unsubscribeRoutes } from './routes';
export {
  createNotificationMailer,
  DIGEST_CHUNK_SIZE,
  runDigests,
  type NotificationMailer,
} from './service';
export { unsubscribeToken } from './unsubscribe-token';
