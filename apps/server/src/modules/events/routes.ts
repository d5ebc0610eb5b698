import {
  API,
  eventAnswer,
  eventBody,
  eventParams,
  eventsAnswer,
  eventsQuery,
  managedEventsAnswer,
  managedEventsQuery,
  messageAnswer,
  rsvpAnswer,
  rsvpBody,
} from '@alumnet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActor } from '../audit/record';
import { currentUser } from '../auth/plugin';
import { pushNotifications } from '../notifications';
import { createEventService } from './service';

/**
 * Events (issue 28): the lists, the event page's call, creating, editing and cancelling
 * (organisers) and RSVPs, with the ticket e-mail of those who become going queued for the worker. Tickets at the door,
 * calendars and reminders are door-routes.ts's.
 */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  // Ticket e-mails are queued in the RSVP's transaction; the worker sends them (ticket-mail.ts).
  const events = createEventService(app.db, pushNotifications(app), (eventId, userIds, sql) =>
    app.jobs.enqueueTickets({ eventId, userIds: [...userIds] }, sql),
  );
  const tags = ['events'];

  app.get(
    API.events.list,
    {
      onRequest: app.requireUser,
      schema: { tags, querystring: eventsQuery, response: { 200: eventsAnswer } },
    },
    (request) => events.list(currentUser(request), request.query),
  );

  app.get(
    API.events.manage,
    {
      onRequest: app.requireUser,
      schema: { tags, querystring: managedEventsQuery, response: { 200: managedEventsAnswer } },
    },
    (request) => events.manage(currentUser(request), request.query.collegeId),
  );

  app.post(
    API.events.list,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        querystring: managedEventsQuery,
        body: eventBody,
        response: { 200: eventAnswer },
      },
    },
    (request) =>
      events.create(
        currentUser(request),
        request.body,
        request.query.collegeId,
        auditActor(request),
      ),
  );

  app.get(
    '/api/events/:id',
    {
      onRequest: app.requireUser,
      schema: { tags, params: eventParams, response: { 200: eventAnswer } },
    },
    (request) => events.detail(currentUser(request), request.params.id),
  );

  app.put(
    '/api/events/:id',
    {
      onRequest: app.requireUser,
      schema: { tags, params: eventParams, body: eventBody, response: { 200: eventAnswer } },
    },
    (request) =>
      events.update(currentUser(request), request.params.id, request.body, auditActor(request)),
  );

  app.post(
    '/api/events/:id/cancel',
    {
      onRequest: app.requireUser,
      schema: { tags, params: eventParams, response: { 200: messageAnswer } },
    },
    (request) => events.cancel(currentUser(request), request.params.id, auditActor(request)),
  );

  app.post(
    '/api/events/:id/rsvp',
    {
      onRequest: app.requireUser,
      schema: { tags, params: eventParams, body: rsvpBody, response: { 200: rsvpAnswer } },
    },
    (request) => events.rsvp(currentUser(request), request.params.id, request.body),
  );
};
