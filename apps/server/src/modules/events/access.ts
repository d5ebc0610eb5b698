import { EVENT_MESSAGES } from '@alumnet/contract';
import type { Executor } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import type { SessionUser } from '../auth/repository';
import { eventForViewer, type EventRow } from './repository';

/**
 * What one user may do with one event: the answer every event call asks (issue 28). The event is
 * found only if the caller may see it (its audience, by the one audience rule; a college's admins
 * see all of their college's; super admins any), else 404, in the query itself.
 */
export interface EventAccess {
  event: EventRow;
  /** Edit, cancel, see who is coming and check them in: super admins, the college's admins, and
   * for a group's event the group's organisers. */
  mayOrganise: boolean;
  /** The college's, batch's, branch's or group's name. */
  audienceName: string;
}

/**
 * The event and the caller's standing, or 404. `lock` (inside a transaction only) holds the
 * event's row until commit, so every change to its seats happens one at a time.
 */
export async function loadEventAccess(
  db: Executor,
  user: SessionUser,
  eventId: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<EventAccess> {
  const found = await eventForViewer(db, user, eventId, lock);
  if (!found) throw notFound(EVENT_MESSAGES.notFound);
  return found;
}

/** 403 with the organisers' message unless the caller organises the event. */
export function demandOrganiser(access: EventAccess) {
  if (!access.mayOrganise) throw forbidden(EVENT_MESSAGES.organisersOnly);
  return access;
}
