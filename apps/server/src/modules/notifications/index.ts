// What other modules may use of notifications: producers record events inside their own
// transaction (`notify`, `withdraw`) and push them after commit (`announce`); the e-mail side
// reads members' merged choices (`preferencesOf`).
export {
  announce,
  announcer,
  excerpt,
  forgetTarget,
  notify,
  preferencesOf,
  pushNotifications,
  summarizeWaitingSignups,
  withdraw,
  type Preferences,
  type Recorded,
  type Tell,
} from './service';
export { targetUrl } from './presenter';
export type { NotificationEvent, Target } from './repository';
