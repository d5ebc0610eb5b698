// What other modules may use of notifications: producers record events inside their own
// transaction (`notify`, `withdraw`) and push them after commit (`announce`); the e-mail side
// reads members' merged choices (`preferencesOf`). A statement that decides its recipients itself
// records or withdraws in its own CTEs (`recordEventCtes`, `withdrawEventCtes`, `recordedBy`).
export {
  announce,
  announcer,
  excerpt,
  forgetTarget,
  notify,
  preferencesOf,
  pushNotifications,
  recordedBy,
  summarizeWaitingSignups,
  withdraw,
  type Preferences,
  type Recorded,
  type Tell,
} from './service';
export { targetUrl } from './presenter';
export {
  recordEventCtes,
  withdrawEventCtes,
  type NotificationEvent,
  type RecordedRow,
  type Target,
  type ToggledLikeRow,
  type Withdrawn,
} from './repository';
