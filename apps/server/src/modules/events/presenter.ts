import type { EventDetail, EventSummary, ManagedEventRow, MyRsvp } from '@alumnet/contract';
import type { EventAccess } from './access';
import type { SummaryRow } from './repository';

const iso = (date: Date) => date.toISOString();

function presentMyRsvp(row: SummaryRow): MyRsvp | null {
  if (!row.myStatus) return null;
  return {
    status: row.myStatus,
    ...(row.myStatus === 'waitlisted' && row.myPosition !== null
      ? { position: row.myPosition }
      : {}),
    guests: row.myGuests ?? 0,
    ticket: row.myStatus === 'going' ? row.myTicket : null,
    checkedInAt: row.myCheckedInAt,
  };
}

/** A row of GET /api/events. The online link only to those going and the organisers. */
export function presentSummary(row: SummaryRow): EventSummary {
  const seesLink = row.mayOrganise || row.myStatus === 'going';
  return {
    id: row.id,
    title: row.title,
    coverPicture: row.coverPicture,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    timeZone: row.timeZone,
    venue: row.venue,
    onlineUrl: seesLink ? row.onlineUrl : null,
    online: row.onlineUrl !== null,
    capacity: row.capacity,
    going: row.going,
    waitlisted: row.waitlisted,
    myRsvp: presentMyRsvp(row),
    audience: { level: row.accessLevel, id: row.accessLevelId, name: row.audienceName },
    cancelled: row.cancelled,
  };
}

/** GET /api/events/{id}: the summary, the rest of the page, and who is going where shown. */
export function presentDetail(
  access: EventAccess,
  row: SummaryRow,
  attendees: EventDetail['attendees'],
): EventDetail {
  const { event } = access;
  return {
    ...presentSummary({ ...row, mayOrganise: access.mayOrganise }),
    description: event.description,
    address: event.address,
    mapUrl: event.mapUrl,
    rsvpDeadline: event.rsvpDeadline ? iso(event.rsvpDeadline) : null,
    allowGuests: event.allowGuests,
    showAttendees: event.showAttendees,
    mayOrganise: access.mayOrganise,
    attendees,
  };
}

/** A row of /dashboard/events: the summary with how many checked in. */
export function presentManaged(row: SummaryRow): ManagedEventRow {
  return { ...presentSummary(row), attended: row.attended };
}
