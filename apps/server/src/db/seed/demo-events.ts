import { base, en, Faker } from '@faker-js/faker';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { eventRsvps, events, groupMembers, groups, users } from '../schema';
import { sanitizeJobHtml } from '../../lib/sanitize-html';
import type { DemoImage } from '../../modules/images';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TIME_ZONE = 'Asia/Kolkata';
/** India has no daylight saving: a local hour is always this UTC hour plus 5:30. */
const IST_OFFSET = 5.5 * HOUR;

/** `days` from today (UTC date), at `hour`:`minute` in India. */
function indiaTime(now: number, days: number, hour: number, minute = 0) {
  const today = new Date(now + IST_OFFSET);
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return new Date(midnight + days * DAY + hour * HOUR + minute * 60_000 - IST_OFFSET);
}

interface Person {
  id: string;
  email: string;
}

/**
 * The demo college's events (issue 28), one of each kind the events pages show:
 * - a past reunion on campus (last month, 120 seats): 40 went, 30 of them checked in at the door,
 *   a few said they would not come; both demo members went;
 * - an upcoming meet-up in Bengaluru in 10 days, full (12 seats, some taken by guests) with 3 on
 *   the waitlist in order; member2@ is going with a ticket, member@ has not answered, so pressing
 *   Going puts her fourth on the waitlist;
 * - an online webinar next week, no seat limit, member@ going with a ticket (her QR code);
 * - a Bengaluru Chapter event, for the group only, made by one of its organisers.
 * Deterministic: the same people, tickets and texts every time (a fixed faker seed); the times
 * are relative to when the seed runs, at fixed hours in India.
 */
export async function seedDemoEvents(tx: Executor, collegeId: string) {
  const now = Date.now();
  const faker = new Faker({ locale: [en, base], seed: 20261128 });
  const usedTickets = new Set<string>();
  const ticket = () => {
    for (;;) {
      const candidate = faker.string.alphanumeric({ length: 22 });
      if (!usedTickets.has(candidate)) {
        usedTickets.add(candidate);
        return candidate;
      }
    }
  };

  const everyone: Person[] = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.collegeId, collegeId),
        eq(users.userType, 'u'),
        eq(users.isApproved, true),
        eq(users.isRejected, false),
        eq(users.isSuperAdmin, false),
      ),
    )
    // Seeded alumni have phones 91000000NN in the order they were generated.
    .orderBy(asc(users.phone));
  const meera = everyone.find((p) => p.email === 'member@demo.alumnet.dev');
  const rahul = everyone.find((p) => p.email === 'member2@demo.alumnet.dev');
  const [asha] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'admin@demo.alumnet.dev'));
  if (!meera || !rahul || !asha) throw new Error('demo accounts missing');
  const alumni = everyone.filter((p) => !p.email.endsWith('@demo.alumnet.dev'));
  if (alumni.length < 80) throw new Error('too few demo alumni for the events');

  const [chapter] = await tx
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.collegeId, collegeId), eq(groups.groupName, 'Bengaluru Chapter')));
  if (!chapter) throw new Error('the Bengaluru Chapter group is missing');
  const chapterPeople = await tx
    .select({ id: groupMembers.userId, role: groupMembers.role })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, chapter.id), eq(groupMembers.status, 'approved')))
    .orderBy(asc(users.phone));
  const chapterOrganiser = chapterPeople.find((p) => p.role === 'organiser');
  if (!chapterOrganiser) throw new Error('the Bengaluru Chapter has no organiser');

  const college = { accessLevel: 'college' as const, accessLevelId: collegeId };
  const reunionStart = indiaTime(now, -30, 17);
  const meetupStart = indiaTime(now, 10, 19);
  const webinarStart = indiaTime(now, 7, 18, 30);
  const chapterStart = indiaTime(now, 17, 10);
  const made = await tx
    .insert(events)
    .values([
      {
        ...college,
        collegeId,
        createdBy: asha.id,
        title: 'Alumni Reunion 2026',
        description: sanitizeJobHtml(
          '<p>Our yearly reunion on campus: a walk through the new labs, the class photos in the ' +
            'main quad and dinner on the lawns.</p><p>Bring your family. Registration desk opens ' +
            'at 4:30 pm at the main gate.</p>',
        ),
        coverPicture: 'demo-reunion.jpg' satisfies DemoImage,
        startsAt: reunionStart,
        endsAt: new Date(reunionStart.getTime() + 5 * HOUR),
        timeZone: TIME_ZONE,
        venue: 'Main Auditorium, Alumnet Institute of Technology',
        address: 'College Road, Alumnet Institute of Technology campus',
        capacity: 120,
        rsvpDeadline: new Date(reunionStart.getTime() - 2 * DAY),
        allowGuests: true,
        createdAt: new Date(reunionStart.getTime() - 45 * DAY),
      },
      {
        ...college,
        collegeId,
        createdBy: asha.id,
        title: 'Bengaluru Alumni Meet-up',
        description: sanitizeJobHtml(
          '<p>An evening with alumni working in Bengaluru: short talks on moving from engineering ' +
            'to product roles, then dinner.</p><p>Seats are limited to 12; if the event is full ' +
            'you join the waitlist and move up when someone cancels.</p>',
        ),
        coverPicture: 'demo-campus.jpg' satisfies DemoImage,
        startsAt: meetupStart,
        endsAt: new Date(meetupStart.getTime() + 3 * HOUR),
        timeZone: TIME_ZONE,
        venue: 'The Courtyard, Indiranagar',
        address: '100 Feet Road, HAL 2nd Stage, Indiranagar, Bengaluru 560038',
        mapUrl: 'https://www.openstreetmap.org/?mlat=12.9719&mlon=77.6412#map=17/12.9719/77.6412',
        capacity: 12,
        rsvpDeadline: new Date(meetupStart.getTime() - DAY),
        allowGuests: true,
        createdAt: new Date(now - 12 * DAY),
      },
      {
        ...college,
        collegeId,
        createdBy: asha.id,
        title: 'Webinar: Careers in AI after engineering',
        description: sanitizeJobHtml(
          '<p>Three alumni working on machine learning in India, Singapore and the US talk about ' +
            'how they moved into the field, what they look for when hiring, and take your ' +
            'questions.</p><p>The link appears on this page once you say you are going.</p>',
        ),
        coverPicture: 'demo-hackathon.jpg' satisfies DemoImage,
        startsAt: webinarStart,
        endsAt: new Date(webinarStart.getTime() + 1.5 * HOUR),
        timeZone: TIME_ZONE,
        onlineUrl: 'https://meet.example.com/alumnet-ai-careers',
        showAttendees: false,
        createdAt: new Date(now - 6 * DAY),
      },
      {
        collegeId,
        accessLevel: 'group',
        accessLevelId: chapter.id,
        createdBy: chapterOrganiser.id,
        title: 'Bengaluru Chapter: Cubbon Park morning walk',
        description: sanitizeJobHtml(
          '<p>A relaxed walk through Cubbon Park followed by breakfast at a darshini nearby. ' +
            'Families and pets welcome.</p><p>We meet at the Queen Victoria statue.</p>',
        ),
        coverPicture: 'demo-sports.jpg' satisfies DemoImage,
        startsAt: chapterStart,
        endsAt: new Date(chapterStart.getTime() + 2.5 * HOUR),
        timeZone: TIME_ZONE,
        venue: 'Cubbon Park, Queen Victoria statue',
        address: 'Kasturba Road, Bengaluru 560001',
        mapUrl: 'https://www.openstreetmap.org/?mlat=12.9763&mlon=77.5929#map=17/12.9763/77.5929',
        capacity: 40,
        allowGuests: true,
        createdAt: new Date(now - 3 * DAY),
      },
    ])
    .returning({ id: events.id, title: events.title });
  const [reunion, meetup, webinar, walk] = made.map((e) => e.id);

  const rows: (typeof eventRsvps.$inferInsert)[] = [];
  const answered = (start: Date, i: number) =>
    new Date(Math.min(start.getTime() - 2 * DAY, now) - (i + 1) * 7 * HOUR);

  // --- the reunion: 40 went (both demo members among them), 30 checked in, 5 said no
  const reunionGoing = [meera, rahul, ...alumni.slice(0, 38)];
  reunionGoing.forEach((p, i) => {
    const at = answered(reunionStart, i);
    rows.push({
      eventId: reunion!,
      userId: p.id,
      status: 'going',
      guests: i % 7 === 3 ? 1 : 0,
      ticket: ticket(),
      // Who came: all but every fourth, after the desk opened, a few minutes apart.
      checkedInAt:
        i % 4 === 3 ? null : new Date(reunionStart.getTime() - 30 * 60_000 + i * 2.5 * 60_000),
      checkedInBy: i % 4 === 3 ? null : asha.id,
      // Their reminders went before the start (the worker must not send them now).
      remindedDayAt: new Date(reunionStart.getTime() - DAY),
      remindedHourAt: new Date(reunionStart.getTime() - HOUR),
      createdAt: at,
      updatedAt: at,
    });
  });
  alumni.slice(38, 43).forEach((p, i) => {
    const at = answered(reunionStart, i * 3);
    rows.push({
      eventId: reunion!,
      userId: p.id,
      status: 'not_going',
      createdAt: at,
      updatedAt: at,
    });
  });

  // --- the meet-up: 12 seats taken by 9 members and 3 guests; member2@ among them
  const meetupGoing = [rahul, ...alumni.slice(43, 51)];
  meetupGoing.forEach((p, i) => {
    const at = new Date(now - 11 * DAY + i * 9 * HOUR);
    rows.push({
      eventId: meetup!,
      userId: p.id,
      status: 'going',
      guests: i === 2 || i === 5 || i === 7 ? 1 : 0,
      ticket: ticket(),
      createdAt: at,
      updatedAt: at,
    });
  });
  rows.push(
    ...alumni.slice(51, 53).map((p, i) => ({
      eventId: meetup!,
      userId: p.id,
      status: 'not_going' as const,
      createdAt: new Date(now - 8 * DAY + i * HOUR),
      updatedAt: new Date(now - 8 * DAY + i * HOUR),
    })),
  );

  // --- the webinar: 25 going, member@ with a ticket
  [meera, ...alumni.slice(53, 77)].forEach((p, i) => {
    const at = new Date(now - 5 * DAY + i * 3 * HOUR);
    rows.push({
      eventId: webinar!,
      userId: p.id,
      status: 'going',
      ticket: ticket(),
      createdAt: at,
      updatedAt: at,
    });
  });

  // --- the chapter walk: its organisers and some members going (member@ has not answered)
  chapterPeople
    .filter((p) => p.id !== meera.id)
    .slice(0, 9)
    .forEach((p, i) => {
      const at = new Date(now - 3 * DAY + (i + 1) * 4 * HOUR);
      rows.push({
        eventId: walk!,
        userId: p.id,
        status: 'going',
        guests: i % 3 === 1 ? 2 : 0,
        ticket: ticket(),
        createdAt: at,
        updatedAt: at,
      });
    });
  await tx.insert(eventRsvps).values(rows);

  // The meet-up's waitlist: numbers from the sequence one at a time, so `queued` is their order.
  for (const [i, p] of alumni.slice(77, 80).entries()) {
    const at = new Date(now - 4 * DAY + i * 5 * HOUR);
    await tx.insert(eventRsvps).values({
      eventId: meetup!,
      userId: p.id,
      status: 'waitlisted',
      queued: sql`nextval('event_rsvps_queue_seq')`,
      createdAt: at,
      updatedAt: at,
    });
  }
}
