import { z } from 'zod';
import { idSchema, requiredText } from './common';
import { storedImage } from './posts';

/**
 * Events (issue 28): reunions, meet-ups and webinars with RSVP, a waitlist, calendars, reminders
 * and check-in at the door. An event's audience is a post's: the college, a batch, a branch or a
 * group.
 */
export const EVENT_AUDIENCE_LEVELS = ['college', 'batch', 'branch', 'group'] as const;
export type EventAudienceLevel = (typeof EVENT_AUDIENCE_LEVELS)[number];
export const RSVP_STATUSES = ['going', 'waitlisted', 'not_going'] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];
export const MAX_EVENT_GUESTS = 5;
export const MAX_EVENT_DESCRIPTION = 20_000;
/** Reminders go this many minutes before the start: a day, and an hour. */
export const EVENT_REMINDER_MINUTES = [24 * 60, 60] as const;

export const EVENT_MESSAGES = {
  notFound: 'Event not found',
  organisersOnly: 'Only the organisers of this event can do this.',
  mayNotCreate:
    'Only college admins, or the organisers of a group for its events, can create events.',
  badTimeZone: 'Choose a valid time zone.',
  endBeforeStart: 'The event must end after it starts.',
  deadlineAfterStart: 'The RSVP deadline must be before the event starts.',
  placeRequired: 'Give a venue, or a link for an online event.',
  capacityBelowGoing: 'Capacity cannot go below the number of people already going.',
  audienceIdRequired: 'Choose which batch, branch or group the event is for.',
  audienceUnknown: 'The audience names something this college does not have.',
  cancelled: 'This event was cancelled.',
  rsvpClosed: 'RSVPs for this event are closed.',
  ended: 'This event has already ended.',
  guestsNotAllowed: 'This event does not take guests.',
  ticketUnknown: 'No such ticket for this event.',
  ticketNotGoing: 'This ticket is not for someone going.',
  checkedIn: 'Checked in.',
  saved: 'Event saved.',
  cancelledNow: 'Event cancelled. Everyone going has been told.',
  feedReset: 'Your calendar link has changed; the old one no longer works.',
} as const;

/** An audience as calls write it: the college (no id), or a batch, branch or group by id. */
export const eventAudience = z.object(
  {
    level: z.enum(EVENT_AUDIENCE_LEVELS, {
      error: `audience.level must be one of: ${EVENT_AUDIENCE_LEVELS.join(', ')}.`,
    }),
    id: idSchema.optional(),
  },
  { error: 'audience is {level, id?}.' },
);
export type EventAudience = z.infer<typeof eventAudience>;

/** The caller's answer to an event; `position` (1 first) while waitlisted. */
export const myRsvp = z.object({
  status: z.enum(RSVP_STATUSES),
  position: z.number().int().optional(),
  guests: z.number().int(),
  /** Going: the secret the ticket's QR code carries. */
  ticket: z.string().nullable(),
  checkedInAt: z.iso.datetime().nullable(),
});
export type MyRsvp = z.infer<typeof myRsvp>;

/** A row of GET /api/events. `onlineUrl` only for those going (and organisers). */
export const eventSummary = z.object({
  id: idSchema,
  title: z.string(),
  coverPicture: z.string().nullable(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  timeZone: z.string(),
  venue: z.string().nullable(),
  onlineUrl: z.string().nullable().optional(),
  /** Whether it is online (a link) rather than in person. */
  online: z.boolean(),
  capacity: z.number().int().nullable(),
  /** Seats taken by those going (guests included). */
  going: z.number().int(),
  waitlisted: z.number().int(),
  myRsvp: myRsvp.nullable(),
  audience: z.object({
    level: z.enum(EVENT_AUDIENCE_LEVELS),
    id: idSchema,
    /** The college's, batch's, branch's or group's name. */
    name: z.string(),
  }),
  cancelled: z.boolean(),
});
export type EventSummary = z.infer<typeof eventSummary>;

/** GET /api/events/{id}: the summary and the rest of the page. */
export const eventDetail = eventSummary.extend({
  description: z.string(),
  address: z.string().nullable(),
  mapUrl: z.string().nullable(),
  rsvpDeadline: z.iso.datetime().nullable(),
  allowGuests: z.boolean(),
  showAttendees: z.boolean(),
  /** Whether the caller may edit, cancel, see attendees and check in. */
  mayOrganise: z.boolean(),
  /** Who is going, when the organiser shows it (or to organisers). */
  attendees: z
    .array(z.object({ _id: idSchema, fullName: z.string(), profilePic: z.string().nullable() }))
    .nullable(),
});
export type EventDetail = z.infer<typeof eventDetail>;
export const eventAnswer = z.object({ event: eventDetail });
export type EventAnswer = z.infer<typeof eventAnswer>;
export const eventParams = z.object({ id: idSchema });

/** GET /api/events?from=&to=&audience=&past=. */
export const eventsQuery = z.object({
  from: z.iso.datetime({ error: 'from must be an ISO date-time' }).optional(),
  to: z.iso.datetime({ error: 'to must be an ISO date-time' }).optional(),
  audience: z.enum(EVENT_AUDIENCE_LEVELS, { error: 'Unknown audience' }).optional(),
  /** true: events that have ended, newest first (default: upcoming, soonest first). */
  past: z
    .enum(['true', 'false'], { error: 'past must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});
export const eventsAnswer = z.object({ events: z.array(eventSummary) });
export type EventsAnswer = z.infer<typeof eventsAnswer>;

const optionalText = (max: number, what: string) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .max(max, `${what} must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);
const webLink = (what: string) =>
  z
    .string({ error: `${what} must be a link` })
    .trim()
    .max(1000, `${what} must be at most 1000 characters`)
    .refine(
      (v) => v === '' || /^https?:\/\/\S+$/i.test(v),
      `${what} must start with http:// or https://`,
    )
    .nullish()
    .transform((v) => v || null);

/** POST /api/events, PUT /api/events/{id}. Times are instants; `timeZone` how to show them. */
export const eventBody = z
  .object({
    title: requiredText('Title is required', 200),
    description: z
      .string({ error: 'Description must be text' })
      .max(
        MAX_EVENT_DESCRIPTION,
        `A description can have at most ${MAX_EVENT_DESCRIPTION} characters.`,
      )
      .default(''),
    coverPicture: storedImage,
    startsAt: z.iso.datetime({ offset: true, error: 'startsAt must be an ISO date-time' }),
    endsAt: z.iso.datetime({ offset: true, error: 'endsAt must be an ISO date-time' }),
    timeZone: z
      .string({ error: EVENT_MESSAGES.badTimeZone })
      .min(1, EVENT_MESSAGES.badTimeZone)
      .max(64),
    venue: optionalText(300, 'Venue'),
    address: optionalText(500, 'Address'),
    mapUrl: webLink('The map link'),
    onlineUrl: webLink('The online link'),
    capacity: z
      .number({ error: 'Capacity must be a whole number' })
      .int('Capacity must be a whole number')
      .min(1, 'Capacity must be at least 1')
      .max(1_000_000)
      .nullish()
      .transform((v) => v ?? null),
    rsvpDeadline: z.iso
      .datetime({ offset: true, error: 'rsvpDeadline must be an ISO date-time' })
      .nullish()
      .transform((v) => v ?? null),
    allowGuests: z.boolean().default(false),
    showAttendees: z.boolean().default(true),
    audience: eventAudience,
  })
  .superRefine((body, ctx) => {
    if (Date.parse(body.endsAt) <= Date.parse(body.startsAt))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: EVENT_MESSAGES.endBeforeStart });
    if (body.rsvpDeadline && Date.parse(body.rsvpDeadline) > Date.parse(body.startsAt))
      ctx.addIssue({
        code: 'custom',
        path: ['rsvpDeadline'],
        message: EVENT_MESSAGES.deadlineAfterStart,
      });
    if (!body.venue && !body.onlineUrl)
      ctx.addIssue({ code: 'custom', path: ['venue'], message: EVENT_MESSAGES.placeRequired });
    if (body.audience.level !== 'college' && !body.audience.id)
      ctx.addIssue({
        code: 'custom',
        path: ['audience', 'id'],
        message: EVENT_MESSAGES.audienceIdRequired,
      });
  });
export type EventBody = z.input<typeof eventBody>;

/** POST /api/events/{id}/rsvp. */
export const rsvpBody = z.object({
  status: z.enum(['going', 'not_going'], { error: 'status must be going or not_going' }),
  guests: z
    .number({ error: 'Guests must be a whole number' })
    .int('Guests must be a whole number')
    .min(0, 'Guests cannot be negative')
    .max(MAX_EVENT_GUESTS, `At most ${MAX_EVENT_GUESTS} guests`)
    .default(0),
});
export type RsvpBody = z.input<typeof rsvpBody>;
export const rsvpAnswer = z.object({
  rsvp: z.object({ status: z.enum(RSVP_STATUSES), position: z.number().int().optional() }),
});
export type RsvpAnswer = z.infer<typeof rsvpAnswer>;

/** GET /api/events/{id}/attendees (organisers; `?format=csv` for the CSV). */
export const attendeesQuery = z.object({ format: z.enum(['json', 'csv']).default('json') });
export const attendee = z.object({
  _id: idSchema,
  fullName: z.string(),
  /** Null where the member's privacy settings hide it from an organiser who is not an admin. */
  email: z.string().nullable(),
  batchName: z.string().nullable(),
  branchName: z.string().nullable(),
  status: z.enum(RSVP_STATUSES),
  guests: z.number().int(),
  position: z.number().int().nullable(),
  checkedInAt: z.iso.datetime().nullable(),
});
export type Attendee = z.infer<typeof attendee>;
/** The event's figures: afterwards, no-shows are those going who never checked in. */
export const eventFigures = z.object({
  going: z.number().int(),
  waitlisted: z.number().int(),
  attended: z.number().int(),
  noShows: z.number().int(),
});
export type EventFigures = z.infer<typeof eventFigures>;
export const attendeesAnswer = z.object({ attendees: z.array(attendee), figures: eventFigures });
export type AttendeesAnswer = z.infer<typeof attendeesAnswer>;

/** POST /api/events/{id}/check-in. */
export const checkInBody = z.object({
  ticket: z.string().trim().min(1, 'Scan or type a ticket').max(100),
});
export const checkInAnswer = z.object({
  message: z.string(),
  member: z.object({ _id: idSchema, fullName: z.string(), guests: z.number().int() }),
  /** When the ticket was checked in: now, or earlier ("already checked in at 18:42"). */
  checkedInAt: z.iso.datetime(),
  already: z.boolean(),
  attended: z.number().int(),
});
export type CheckInAnswer = z.infer<typeof checkInAnswer>;

/** A row of /dashboard/events. */
export const managedEventsQuery = z.object({ collegeId: idSchema.optional() });
export const managedEventRow = eventSummary.extend({ attended: z.number().int() });
export type ManagedEventRow = z.infer<typeof managedEventRow>;
export const managedEventsAnswer = z.object({ events: z.array(managedEventRow) });

/** GET/POST /api/events/calendar-feed: the member's private feed path (POST makes a new one). */
export const calendarFeedAnswer = z.object({ path: z.string() });
