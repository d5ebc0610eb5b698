import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_KINDS,
  NOTIFICATIONS_PAGE_SIZE,
  emailChoice,
  idSchema,
  type MarkReadBody,
  type NotificationEvent as PushedEvent,
  type NotificationKind,
  type NotificationPreference,
  type PreferencesBody,
} from '@alumnet/contract';
import type { FastifyInstance } from 'fastify';
import { outsideCallBudget } from '../../db/call-deadline';
import type { Executor } from '../../db/client';
import { badRequest } from '../../lib/errors';
import type { Realtime } from '../../realtime/chat-gateway';
import { presentNotification, presentPage } from './presenter';
import * as repo from './repository';
import type { ListPosition, NotificationEvent, Target } from './repository';

export const notificationMessages = { invalidCursor: 'Invalid cursor' } as const;

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

/** `${updatedAt}|${id}` of the last notification shown (see presentPage). */
export function parseCursor(cursor: string | undefined): ListPosition | null {
  if (cursor === undefined || cursor === '') return null;
  const [updatedAt = '', id = ''] = cursor.split('|');
  if (!ISO_TIMESTAMP.test(updatedAt) || Number.isNaN(Date.parse(updatedAt)))
    throw badRequest(notificationMessages.invalidCursor);
  if (!idSchema.safeParse(id).success) throw badRequest(notificationMessages.invalidCursor);
  return { updatedAt, id };
}

export type Preferences = Record<NotificationKind, NotificationPreference>;

const isKind = (kind: string): kind is NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(kind);

/**
 * Each member's choices for every kind: what they saved, the defaults for the rest. A stored value
 * that is no longer known (a kind or e-mail choice renamed) falls back to the default.
 */
export async function preferencesOf(
  db: Executor,
  userIds: readonly string[],
): Promise<Map<string, Preferences>> {
  const merged = new Map<string, Preferences>();
  for (const id of userIds) merged.set(id, { ...DEFAULT_NOTIFICATION_PREFERENCES });
  for (const row of await repo.storedPreferences(db, userIds)) {
    const mine = merged.get(row.userId);
    const email = emailChoice.safeParse(row.email);
    if (mine && isKind(row.kind) && email.success)
      mine[row.kind] = { inApp: row.inApp, email: email.data };
  }
  return merged;
}

/** How much of a comment or message a notification quotes. */
const DETAIL_CHARS = 140;
export const excerpt = (text: string) =>
  text.length > DETAIL_CHARS ? `${text.slice(0, DETAIL_CHARS - 1).trimEnd()}…` : text;

/** A notification row written for a recipient: what to tell their connections after commit. */
export interface Recorded {
  userId: string;
  notificationId: string | null;
  /** The row as this event left it (what the push shows); absent: read at push time. */
  row?: repo.NotificationRow;
}

/**
 * Records an event for its recipients, inside the caller's transaction (so a rollback tells
 * nobody). Nobody is told of their own action. Callers pass only recipients who may see what the
 * event is about. Answers what `announce` should push once the transaction committed.
 */
export async function notify(tx: Executor, event: NotificationEvent): Promise<Recorded[]> {
  const recipientIds = [...new Set(event.recipientIds)].filter((id) => id !== event.actorId);
  return recordedBy(await repo.recordEvent(tx, { ...event, recipientIds }), null);
}

/** Takes an actor's event back (a like withdrawn); a row left with nothing is deleted. */
export async function withdraw(
  tx: Executor,
  event: { recipientId: string; kind: NotificationKind; target: Target; actorId: string },
): Promise<Recorded[]> {
  if (event.recipientId === event.actorId) return [];
  return recordedBy([], await repo.withdrawEvent(tx, event));
}

/**
 * What a statement that recorded an event (`recorded`, repo.recordEventCtes) or took one back
 * (`withdrawn`, repo.withdrawEventCtes) leaves for `announce`, as notify and withdraw answer it.
 */
export function recordedBy(
  recorded: readonly repo.RecordedRow[],
  withdrawn: repo.Withdrawn | null,
): Recorded[] {
  return [
    ...recorded.map((r) => ({ userId: r.userId, notificationId: r.id, row: repo.recordedRow(r) })),
    ...(withdrawn
      ? [{ userId: withdrawn.userId, notificationId: withdrawn.deleted ? null : withdrawn.id }]
      : []),
  ];
}

/** Inside the transaction that deletes the target: nobody keeps a link to what is gone. */
export const forgetTarget = (tx: Executor, target: Target) => repo.deleteAbout(tx, target);

type Pusher = Pick<Realtime, 'sendToUsers'>;

/** Recipients counted in one statement: a bounded statement, one after another on the pool. */
const ANNOUNCE_CHUNK = 200;

/**
 * After commit: tells each recipient's connections (every tab, every process) their new unread
 * count and the row that changed. Never throws: the bell catches up at its next fetch. Recipients
 * whose row is known are counted together (one statement a chunk), so an event for many members
 * takes one pool connection at a time rather than queueing a query each at once.
 */
export async function announce(
  db: Executor,
  realtime: Pusher,
  recorded: readonly Recorded[],
  onError: (error: unknown) => void = () => {},
): Promise<void> {
  const push = (userId: string, unread: number, row: repo.NotificationRow | null) => {
    const event: PushedEvent = { unread, notification: row ? presentNotification(row) : null };
    realtime.sendToUsers([userId], 'notification', event);
  };
  try {
    const known = recorded.filter((r) => r.row);
    for (let i = 0; i < known.length; i += ANNOUNCE_CHUNK) {
      const chunk = known.slice(i, i + ANNOUNCE_CHUNK);
      const counts = await repo.unreadAndShownOf(
        db,
        chunk.map(({ userId, row }) => ({ userId, kind: row!.kind })),
      );
      for (const { userId, row } of chunk) {
        const found = counts.get(userId) ?? { unread: 0, shown: true };
        push(userId, found.unread, found.shown ? row! : null);
      }
    }
    // A withdrawn event: the row as it stands now, if it is still there.
    for (const { userId, notificationId } of recorded.filter((r) => !r.row)) {
      const { unread, row } = await repo.unreadWithOne(db, userId, notificationId);
      push(userId, unread, row);
    }
  } catch (error) {
    onError(error);
  }
}

/** What producers call after commit with what they recorded (see `announcer`). */
export type Tell = (recorded: readonly Recorded[]) => void;

/**
 * `announce` bound to the app: `realtime` is read at push time, since modules that produce
 * notifications may register before the chat gateway does.
 */
export function announcer(
  db: Executor,
  realtime: () => Pusher,
  onError: (error: unknown) => void,
): Tell {
  return (recorded) => {
    // The call that recorded them has answered; its deadline is not the push's.
    if (recorded.length > 0)
      void outsideCallBudget(() => announce(db, realtime(), recorded, onError));
  };
}

/** The app's `Tell`: pushes through its realtime connections, logs a push that failed. */
export const pushNotifications = (app: FastifyInstance): Tell =>
  announcer(
    app.db,
    () => app.realtime,
    (error) => app.log.error({ err: error }, 'notification push failed'),
  );

export function createNotificationService(db: Executor, realtime: Pusher) {
  async function preferences(userId: string) {
    const mine = (await preferencesOf(db, [userId])).get(userId)!;
    return { preferences: mine };
  }

  return {
    async list(userId: string, cursor: string | undefined) {
      const after = parseCursor(cursor);
      // Side by side: under load each statement waits its turn for a connection.
      const [rows, unread] = await Promise.all([
        repo.listNotifications(db, userId, after, NOTIFICATIONS_PAGE_SIZE),
        repo.countUnread(db, userId),
      ]);
      return presentPage(rows, unread, NOTIFICATIONS_PAGE_SIZE);
    },

    async unreadCount(userId: string) {
      return { unread: await repo.countUnread(db, userId) };
    },

    /** Marks read; the member's other tabs hear the new count. */
    async markRead(userId: string, body: MarkReadBody) {
      const ids = 'all' in body ? 'all' : body.ids.map((id) => id.toLowerCase());
      const changed = await repo.markRead(db, userId, ids);
      const unread = await repo.countUnread(db, userId);
      if (changed > 0)
        realtime.sendToUsers([userId], 'notification', { unread, notification: null });
      return { unread };
    },

    preferences,

    /** Any subset of kinds; the others keep their setting. Shown unread counts may change. */
    async savePreferences(userId: string, body: PreferencesBody) {
      const entries = Object.entries(body.preferences).filter(
        (e): e is [NotificationKind, NotificationPreference] => isKind(e[0]) && e[1] !== undefined,
      );
      await repo.savePreferences(db, userId, entries);
      // Turning a kind off (or on) in the app changes the count the bell shows, in every tab.
      if (entries.length > 0) {
        const unread = await repo.countUnread(db, userId);
        realtime.sendToUsers([userId], 'notification', { unread, notification: null });
      }
      return preferences(userId);
    },
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A run a little early (a late previous run, a restart) still counts as the next day's. */
const SUMMARY_SPACING_MS = DAY_MS - 2 * 60 * 60 * 1000;

/**
 * The daily sign-ups summary (signups_waiting): each admin of a college where sign-ups wait gets
 * one notification saying how many, at most one a day per admin per college (an unread one is
 * brought up to date rather than repeated). Where none wait any more, an unread summary goes.
 * Answers the rows written, for a push where the caller has connections.
 */
export async function summarizeWaitingSignups(db: Executor, now = new Date()) {
  const written: Recorded[] = [];
  const since = new Date(now.getTime() - SUMMARY_SPACING_MS);
  for (const { collegeId, adminIds } of await repo.collegeAdmins(db)) {
    const waiting = await repo.countWaitingSignups(db, collegeId);
    if (waiting === 0) {
      await repo.dropUnreadSummaries(db, adminIds, collegeId);
      continue;
    }
    const told = await repo.summarizedSince(db, adminIds, since);
    const due = adminIds.filter((id) => !told.has(`${id}|${collegeId}`));
    written.push(
      ...(await notify(db, {
        recipientIds: due,
        kind: 'signups_waiting',
        target: { type: 'college', id: collegeId },
        actorId: null,
        detail: null,
        count: waiting,
        replaceCount: true,
      })),
    );
  }
  return written;
}
