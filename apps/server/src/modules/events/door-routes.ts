import {
  API,
  EVENT_MESSAGES,
  attendeesAnswer,
  attendeesQuery,
  calendarFeedAnswer,
  checkInAnswer,
  checkInBody,
  eventParams,
} from '@alumnet/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { perMember } from '../../lib/rate-limits';
import { policy } from '../../lib/policy';
import { auditActor, recordAudit } from '../audit/record';
import { currentUser } from '../auth/plugin';
import { demandOrganiser, loadEventAccess } from './access';
import { attendeesCsv, attendeesOf } from './attendees';
import {
  buildCalendar,
  calendarEvent,
  feedByToken,
  feedPath,
  icsFileName,
  resetFeedPath,
} from './calendar';
import { checkIn } from './check-in';

/** Fastify's path pattern of a contract path: the placeholder values become `:name`. */
const pattern = (path: string) => path.replace(/%3A/g, ':');

const ICS_TYPE = 'text/calendar; charset=utf-8';

/**
 * Around the event (issue 28): its .ics, the member's calendar feed, the door's check-in and the
 * organisers' list of who is coming. Who may see or organise an event is access.ts's answer.
 */
export const eventDoorRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (
  app,
  { publicUrl },
) => {
  const tags = ['events'];
  const onRequest = app.requireUser;
  const accessFor = (request: FastifyRequest, eventId: string) =>
    loadEventAccess(app.db, currentUser(request), eventId);

  app.get(
    pattern(API.events.ics(':id')),
    { onRequest, config: perMember(60), schema: { tags, params: eventParams } },
    async (request, reply) => {
      const access = await accessFor(request, request.params.id);
      const user = currentUser(request);
      const row = await calendarEvent(app.db, access.event.id, user.id, access.mayOrganise);
      if (!row) throw notFound(EVENT_MESSAGES.notFound);
      return reply
        .type(ICS_TYPE)
        .header('content-disposition', `attachment; filename="${icsFileName(row.title)}"`)
        .header('cache-control', 'no-store')
        .send(buildCalendar([row], { publicUrl, name: row.title }));
    },
  );

  app.get(
    API.events.calendarFeed,
    { onRequest, schema: { tags, response: { 200: calendarFeedAnswer } } },
    async (request) => ({ path: await feedPath(app.db, currentUser(request).id) }),
  );

  app.post(
    API.events.calendarFeed,
    {
      onRequest,
      config: perMember(10),
      schema: { tags, response: { 200: calendarFeedAnswer } },
    },
    async (request) => ({ path: await resetFeedPath(app.db, currentUser(request).id) }),
  );

  // No session: calendar apps fetch the feed from their own servers. The token is the key, and a
  // limit per token (not per address: one Google server fetches many members' feeds) stops a
  // leaked link from being hammered.
  app.get(
    pattern(API.calendarFeed(':token')),
    {
      config: {
        rateLimit: {
          max: 30,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) =>
            `calendar:${(request.params as { token?: string }).token ?? ''}`,
        },
      },
      schema: { tags, params: z.object({ token: z.string().max(100) }) },
    },
    async (request, reply) => {
      const rows = await feedByToken(app.db, request.params.token);
      if (!rows) throw notFound('No such calendar. Copy the link again from the events page.');
      return reply
        .type(ICS_TYPE)
        .header('content-disposition', 'inline; filename="alumnet-events.ics"')
        .header('cache-control', 'no-store')
        .send(buildCalendar(rows, { publicUrl, name: 'Alumnet events' }));
    },
  );

  app.post(
    pattern(API.events.checkIn(':id')),
    {
      onRequest,
      config: perMember(240),
      schema: { tags, params: eventParams, body: checkInBody, response: { 200: checkInAnswer } },
    },
    async (request) => {
      const { event } = demandOrganiser(await accessFor(request, request.params.id));
      return checkIn(app.db, event, request.body.ticket, currentUser(request).id);
    },
  );

  app.get(
    pattern(API.events.attendees(':id')),
    {
      onRequest,
      schema: {
        tags,
        params: eventParams,
        querystring: attendeesQuery,
        // ?format=csv answers the sheet as text/csv, sent as it is (not serialized).
        response: { 200: z.union([attendeesAnswer, z.string()]) },
      },
    },
    async (request, reply) => {
      const { event } = demandOrganiser(await accessFor(request, request.params.id));
      // An admin's table shows every e-mail; a member organising sees what attendees allow.
      const viewer = currentUser(request);
      const answer = await attendeesOf(app.db, event.id, policy.isAdmin(viewer) ? null : viewer);
      if (request.query.format !== 'csv') return answer;
      // An admin's download of members' details is audited (an organiser's own event is not).
      if (policy.isAdmin(currentUser(request)))
        await recordAudit(app.db, auditActor(request), {
          action: 'export.download',
          collegeId: event.collegeId,
          targetType: 'event',
          targetId: event.id,
          targetLabel: `${event.title} attendees (CSV)`,
        });
      const name = icsFileName(event.title).replace(/\.ics$/, '-attendees.csv');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(attendeesCsv(answer));
    },
  );
};
