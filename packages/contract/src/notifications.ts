import { z } from 'zod';
import { idSchema } from './common';

/**
 * Notifications (issue 26): what happened that concerns a member, grouped per kind and target
 * while unread, shown in the app and, by the member's choice, e-mailed at once or in a digest.
 * Each kind's name says what it is about.
 */
export const NOTIFICATION_KINDS = [
  /** Someone liked my post. */
  'post_like',
  /** Someone liked my job posting. */
  'job_like',
  /** Someone commented on my post. */
  'post_comment',
  /** Someone commented on my job posting. */
  'job_comment',
  /** Someone commented on a post after I had (not mine: that is post_comment). */
  'post_reply',
  /** Someone wrote to me in chat while I had no open connection. */
  'chat_message',
  /** My request to join a group was approved or rejected. */
  'group_request_decided',
  /** Organisers: members asked to join my group. */
  'group_join_request',
  /** Someone posted in a group I am in. */
  'group_post',
  /** An event I am going to changed its time or place. */
  'event_changed',
  /** An event I was going to (or waitlisted for) was cancelled. */
  'event_cancelled',
  /** A seat came free: I went from the waitlist to going. */
  'event_promoted',
  /** An event I am going to starts in a day, or in an hour (e-mail reminders). */
  'event_reminder',
  /** Admins: sign-ups of my college waiting for approval (at most one summary a day). */
  'signups_waiting',
  /** Mentors: a member asked me to mentor them. */
  'mentoring_request',
  /** My request for a mentor was accepted or declined. */
  'mentoring_answered',
  /** My request for a mentor went unanswered for MENTORING_REQUEST_DAYS and expired. */
  'mentoring_expired',
  /** The other side ended our mentorship. */
  'mentorship_ended',
] as const;
const UNKNOWN_KIND = `Unknown kind of notification. Known kinds: ${NOTIFICATION_KINDS.join(', ')}.`;
export const notificationKind = z.enum(NOTIFICATION_KINDS, { error: UNKNOWN_KIND });
export type NotificationKind = z.infer<typeof notificationKind>;

export const EMAIL_CHOICES = ['off', 'instant', 'daily', 'weekly'] as const;
export const emailChoice = z.enum(EMAIL_CHOICES, {
  error: `E-mail must be one of: ${EMAIL_CHOICES.join(', ')}.`,
});
export type EmailChoice = z.infer<typeof emailChoice>;

export const notificationPreference = z.strictObject(
  { inApp: z.boolean({ error: 'inApp must be true or false.' }), email: emailChoice },
  { error: 'Each kind takes {inApp, email}.' },
);
export type NotificationPreference = z.infer<typeof notificationPreference>;

/**
 * What a member gets before choosing: messages by e-mail (at once, once still unread after
 * MESSAGE_EMAIL_DELAY_MINUTES, at most one a conversation an hour), likes in the app only,
 * comments in a daily digest.
 */
export const DEFAULT_NOTIFICATION_PREFERENCES: Record<NotificationKind, NotificationPreference> = {
  post_like: { inApp: true, email: 'off' },
  job_like: { inApp: true, email: 'off' },
  post_comment: { inApp: true, email: 'daily' },
  job_comment: { inApp: true, email: 'daily' },
  post_reply: { inApp: true, email: 'daily' },
  chat_message: { inApp: true, email: 'instant' },
  group_request_decided: { inApp: true, email: 'instant' },
  group_join_request: { inApp: true, email: 'daily' },
  group_post: { inApp: true, email: 'daily' },
  event_changed: { inApp: true, email: 'instant' },
  event_cancelled: { inApp: true, email: 'instant' },
  event_promoted: { inApp: true, email: 'instant' },
  event_reminder: { inApp: false, email: 'instant' },
  signups_waiting: { inApp: true, email: 'daily' },
  mentoring_request: { inApp: true, email: 'instant' },
  mentoring_answered: { inApp: true, email: 'instant' },
  mentoring_expired: { inApp: true, email: 'instant' },
  mentorship_ended: { inApp: true, email: 'instant' },
};
/** A chat message is e-mailed only if still unread this long after it arrived. */
export const MESSAGE_EMAIL_DELAY_MINUTES = 15;
/** At most one e-mail per conversation in this many minutes. */
export const MESSAGE_EMAIL_INTERVAL_MINUTES = 60;
/** Digests go out at this hour of the member's own morning (their time zone, else the college's). */
export const DIGEST_HOUR = 8;
export const NOTIFICATIONS_PAGE_SIZE = 20;
/** How many of a grouped notification's latest actors are named ("A, B and 12 others"). */
export const NOTIFICATION_ACTORS_SHOWN = 3;

export const notificationTargetType = z.enum([
  'post',
  'job',
  'conversation',
  'group',
  'event',
  'college',
  /** The mentee's or mentor's requests (the id is the request's). */
  'mentoring_request',
  'mentorship',
]);
export type NotificationTargetType = z.infer<typeof notificationTargetType>;

export const notificationActor = z.object({
  id: idSchema,
  fullName: z.string(),
  profilePicture: z.string().nullable(),
});

export const notificationSchema = z.object({
  id: idSchema,
  kind: notificationKind,
  /** How many events this row stands for (likes, comments, messages, sign-ups) while unread. */
  count: z.number().int().positive(),
  /** The latest few, newest first (NOTIFICATION_ACTORS_SHOWN); empty for a summary. */
  actors: z.array(notificationActor),
  /** Where it happened; `url` is the app's address of that exact place. */
  target: z.object({ type: notificationTargetType, id: idSchema, url: z.string() }),
  /** When the latest of its events happened (ISO). */
  createdAt: z.iso.datetime(),
  readAt: z.iso.datetime().nullable(),
  /** What the event said, for the list: a group's decision, a comment's first words. */
  detail: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuery = z.object({
  cursor: z.string().max(200).optional(),
});
export const notificationsAnswer = z.object({
  notifications: z.array(notificationSchema),
  unread: z.number().int().nonnegative(),
  nextCursor: z.string().nullable(),
});
export type NotificationsAnswer = z.infer<typeof notificationsAnswer>;

export const unreadCountAnswer = z.object({ unread: z.number().int().nonnegative() });
export type UnreadCountAnswer = z.infer<typeof unreadCountAnswer>;

/** `{ids}` marks those of the caller's notifications read (others' ids are ignored); `{all: true}` every one. */
export const markReadBody = z.union(
  [
    z.strictObject({ ids: z.array(idSchema, { error: 'ids must be a list of ids.' }).max(100) }),
    z.strictObject({ all: z.literal(true, { error: 'all must be true.' }) }),
  ],
  { error: 'Send {ids: [...]} or {all: true}.' },
);
export type MarkReadBody = z.infer<typeof markReadBody>;

/**
 * One field per kind, not a record: zod's record type would join the code every screen
 * downloads first (about 1 KB), for this one schema.
 */
const byKind = Object.fromEntries(
  NOTIFICATION_KINDS.map((kind) => [kind, notificationPreference]),
) as Record<NotificationKind, typeof notificationPreference>;
export const preferencesAnswer = z.object({ preferences: z.object(byKind) });
export type PreferencesAnswer = z.infer<typeof preferencesAnswer>;
/** Any subset of kinds; those left out keep their setting. */
export const preferencesBody = z.strictObject({
  preferences: z
    .strictObject(byKind, {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? UNKNOWN_KIND
          : 'preferences must map kinds of notification to {inApp, email}.',
    })
    .partial(),
});
export type PreferencesBody = z.infer<typeof preferencesBody>;

export const unsubscribeParams = z.object({ token: z.string().min(1).max(300) });
/** `kind`: the kind whose e-mail was turned off, or `digest` (a digest's link: every digested kind). */
export const unsubscribeAnswer = z.object({
  message: z.string(),
  kind: z.union([notificationKind, z.literal('digest')]),
});
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswer>;
export const UNSUBSCRIBE_INVALID_MESSAGE =
  'This unsubscribe link is not valid: it may have been changed or cut short. Open it again from the e-mail, or change your e-mail settings after logging in.';

/**
 * A job of the digest run: members whose digest is due, each with the time zone their morning
 * was found in, and the run's time (ISO), which fixes their local day and what the digest holds.
 */
export const digestChunk = z.object({
  at: z.iso.datetime(),
  members: z.array(z.object({ userId: idSchema, zone: z.string() })),
});
export type DigestChunk = z.infer<typeof digestChunk>;

/** What the member's sockets hear when their notifications change: the new unread count. */
export interface NotificationEvent {
  unread: number;
  /** The row that changed (new, or grouped with more), when one did. */
  notification: Notification | null;
}

// ---------------------------------------------------------------- suppression list (admins)

export const SUPPRESSION_REASONS = ['bounce', 'complaint'] as const;
export const suppressionSchema = z.object({
  email: z.string(),
  reason: z.enum(SUPPRESSION_REASONS),
  /** Where it came from: `ses` or `signed-json`, and the provider's own words if any. */
  source: z.string(),
  detail: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type Suppression = z.infer<typeof suppressionSchema>;
export const suppressionsAnswer = z.object({ suppressions: z.array(suppressionSchema) });
export const suppressionsQuery = z.object({ collegeId: idSchema.optional() });
export const liftSuppressionBody = z.object({
  email: z.email({ error: 'Please enter a valid e-mail address' }),
  collegeId: idSchema.optional(),
});

/**
 * The plain signed form of `POST /api/webhooks/email-events`, for any provider: the body signed
 * with HMAC-SHA256 under EMAIL_WEBHOOK_SECRET, hex, in `X-Alumnet-Signature: sha256=<hex>`.
 */
export const signedEmailEvents = z.object({
  events: z
    .array(
      z.object({
        type: z.enum(SUPPRESSION_REASONS),
        email: z.email({ error: 'Each event needs a valid e-mail address.' }),
        detail: z.string().max(1000).optional(),
      }),
    )
    .min(1)
    .max(1000),
});
export type SignedEmailEvents = z.infer<typeof signedEmailEvents>;
