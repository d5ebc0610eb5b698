import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRsvps, events, notificationPreferences, notifications, users } from '../../db/schema';
import { closeTransports, createTransports } from '../../mail/transports';
import { buildTestApp } from '../../test/build';
import { startSmtpSink, type ReceivedMail } from '../../test/smtp-sink';
import { createJobQueue, QUEUES } from '../../jobs/queue';
import { startWorker } from '../../worker';
import { createNotificationMailer } from '../notification-email';
import { reminderDetail, sendEventReminders } from './reminders';

const PUBLIC_URL = 'https://alumni.example.edu';
const MINUTE = 60_000;

/** The raw message as a person reads it: quoted-printable soft breaks joined. */
const readable = (mail: ReceivedMail) => mail.data.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe('event reminders (issue 28)', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let collegeId: string;
  /** Demo members of the college: [going, going, waitlisted, not going, going but no e-mail]. */
  let people: { id: string; email: string }[];

  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL });
    smtp = await startSmtpSink();
    const [admin] = await t.db
      .select({ collegeId: users.collegeId })
      .from(users)
      .where(eq(users.email, 'admin@demo.alumnet.dev'));
    collegeId = admin!.collegeId!;
    people = await t.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.collegeId, collegeId), eq(users.userType, 'u')))
      .orderBy(users.email)
      .limit(5);
    // The demo's events and notifications would be reminded and e-mailed too: these tests
    // count their own.
    await t.db.delete(events);
    await t.db.delete(notifications);
  });
  afterAll(async () => {
    await smtp?.close();
    await t?.close();
  });

  const addEvent = async (startsInMinutes: number, cancelled = false) => {
    const startsAt = new Date(Date.now() + startsInMinutes * MINUTE);
    const [row] = await t.db
      .insert(events)
      .values({
        collegeId,
        title: 'Alumni Reunion',
        startsAt,
        endsAt: new Date(startsAt.getTime() + 180 * MINUTE),
        timeZone: 'Asia/Kolkata',
        venue: 'Main Hall',
        accessLevel: 'college',
        accessLevelId: collegeId,
        cancelledAt: cancelled ? new Date() : null,
      })
      .returning({ id: events.id });
    const eventId = row!.id;
    const statuses = ['going', 'going', 'waitlisted', 'not_going', 'going'] as const;
    await t.db.insert(eventRsvps).values(
      people.map((p, i) => ({
        eventId,
        userId: p.id,
        status: statuses[i]!,
        queued: statuses[i] === 'waitlisted' ? 1 : null,
        ticket: statuses[i] === 'going' ? crypto.randomUUID() : null,
      })),
    );
    return eventId;
  };

  /** The worker's two steps: reminders become notifications, notify-instant e-mails them. */
  const workerRun = async (mailer: ReturnType<typeof createNotificationMailer>) => {
    await sendEventReminders(t.db);
    return mailer.sendInstant();
  };
  const mailsAbout = (eventId: string) =>
    smtp.received.filter((m) => readable(m).includes(`${PUBLIC_URL}/events/${eventId}`));

  it('e-mails those going a day and an hour before, once each, across runs and a restart', async () => {
    const eventId = await addEvent(24 * 60 - 5);
    const cancelledId = await addEvent(24 * 60 - 5, true);
    // The fifth member turned event reminders off by e-mail.
    await t.db
      .insert(notificationPreferences)
      .values({ userId: people[4]!.id, kind: 'event_reminder', inApp: false, email: 'off' });

    const config = { ...t.config, mail: { smtpUrl: smtp.url, from: 'events@example.edu' } };
    let transports = createTransports(config);
    let mailer = createNotificationMailer({ db: t.db, transports, publicUrl: PUBLIC_URL });
    try {
      await workerRun(mailer);
      await workerRun(mailer);
      // Two workers on the same minute.
      await Promise.all([sendEventReminders(t.db), sendEventReminders(t.db)]);
      await mailer.sendInstant();

      const going = [people[0]!.email, people[1]!.email].sort();
      expect(
        mailsAbout(eventId)
          .map((m) => m.to)
          .sort(),
      ).toEqual(going);
      expect(mailsAbout(cancelledId)).toHaveLength(0);
      const [first] = mailsAbout(eventId);
      expect(readable(first!)).toMatch(
        /Subject: Reminder: Alumni Reunion is on \w{3} \d{1,2} \w{3} at \d\d:\d\d \(Asia\/Kolkata\)/,
      );

      // A restart: a new process, new transports; nothing is sent again.
      await closeTransports(transports);
      transports = createTransports(config);
      mailer = createNotificationMailer({ db: t.db, transports, publicUrl: PUBLIC_URL });
      await workerRun(mailer);
      expect(mailsAbout(eventId)).toHaveLength(2);

      // An hour before: the second reminder, once.
      await t.db
        .update(events)
        .set({ startsAt: new Date(Date.now() + 55 * MINUTE) })
        .where(eq(events.id, eventId));
      await workerRun(mailer);
      await workerRun(mailer);
      const all = mailsAbout(eventId);
      expect(all.map((m) => m.to).sort()).toEqual([...going, ...going].sort());
      expect(
        all.filter((m) => readable(m).includes('(Asia/Kolkata), within the hour')),
      ).toHaveLength(2);

      const rows = await t.db
        .select({
          userId: eventRsvps.userId,
          day: eventRsvps.remindedDayAt,
          hour: eventRsvps.remindedHourAt,
        })
        .from(eventRsvps)
        .where(eq(eventRsvps.eventId, eventId));
      const reminded = rows.filter((r) => r.day && r.hour).map((r) => r.userId);
      // The member with e-mail off was reminded in the app's terms (recorded), not e-mailed.
      expect(reminded.sort()).toEqual([people[0]!.id, people[1]!.id, people[4]!.id].sort());
      expect(rows.filter((r) => !r.day && !r.hour)).toHaveLength(2);
    } finally {
      await closeTransports(transports);
    }
  });

  it('sends nothing for events further away, already started, or cancelled', async () => {
    const far = await addEvent(3 * 24 * 60);
    const started = await addEvent(-10);
    const cancelled = await addEvent(30, true);
    await sendEventReminders(t.db);
    const rows = await t.db
      .select({ day: eventRsvps.remindedDayAt, hour: eventRsvps.remindedHourAt })
      .from(eventRsvps)
      .where(inArray(eventRsvps.eventId, [far, started, cancelled]));
    expect(rows).toHaveLength(15);
    expect(rows.filter((r) => r.day || r.hour)).toHaveLength(0);
    const told = await t.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(inArray(notifications.targetId, [far, started, cancelled]));
    expect(told).toHaveLength(0);
  });

  it("names the start in the event's own zone, across a daylight-saving change", () => {
    const event = { title: 'Reunion', timeZone: 'Europe/London' };
    // 31 October 2027: 18:30 GMT is 18:30 UTC; the day before, 18:30 BST is 17:30 UTC.
    expect(reminderDetail({ ...event, startsAt: new Date('2027-10-31T18:30:00Z') }, 'day')).toBe(
      'Reminder: Reunion is on Sun 31 Oct at 18:30 (Europe/London)',
    );
    expect(reminderDetail({ ...event, startsAt: new Date('2027-10-30T17:30:00Z') }, 'hour')).toBe(
      'Reminder: Reunion starts at 18:30 (Europe/London), within the hour',
    );
  });

  it("runs as the worker's scheduled job", async () => {
    const eventId = await addEvent(30);
    const worker = await startWorker({
      db: t.db,
      config: { ...t.config, jobs: { ...t.config.jobs, pollSeconds: 0.5 } },
      log: t.app.log,
    });
    // What the minute's schedule does: a job on the queue, taken by the worker's loop.
    const queue = await createJobQueue(t.db, {
      supervise: false,
      pollSeconds: 0.5,
      chunkTimeoutSeconds: 60,
    });
    try {
      await queue.boss.send(QUEUES.eventReminders, {});
      const deadline = Date.now() + 20_000;
      let reminded = 0;
      while (reminded < 3 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const rows = await t.db
          .select({ hour: eventRsvps.remindedHourAt })
          .from(eventRsvps)
          .where(eq(eventRsvps.eventId, eventId));
        reminded = rows.filter((r) => r.hour).length;
      }
      expect(reminded).toBe(3);
    } finally {
      await queue.stop();
      await worker.stop();
    }
  });
});
