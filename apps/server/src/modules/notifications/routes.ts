import {
  API,
  markReadBody,
  notificationsAnswer,
  notificationsQuery,
  preferencesAnswer,
  preferencesBody,
  unreadCountAnswer,
} from '@alumnet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/plugin';
import { createNotificationService } from './service';

/** The signed-in member's (or admin's) own notifications and choices (issue 26). */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const notifications = createNotificationService(app.db, app.realtime);
  const tags = ['notifications'];

  app.get(
    API.notifications.list,
    {
      onRequest: app.requireUser,
      schema: { tags, querystring: notificationsQuery, response: { 200: notificationsAnswer } },
    },
    (request) => notifications.list(currentUser(request).id, request.query.cursor),
  );

  app.get(
    API.notifications.unreadCount,
    { onRequest: app.requireUser, schema: { tags, response: { 200: unreadCountAnswer } } },
    (request) => notifications.unreadCount(currentUser(request).id),
  );

  app.post(
    API.notifications.read,
    {
      onRequest: app.requireUser,
      schema: { tags, body: markReadBody, response: { 200: unreadCountAnswer } },
    },
    (request) => notifications.markRead(currentUser(request).id, request.body),
  );

  app.get(
    API.notifications.preferences,
    { onRequest: app.requireUser, schema: { tags, response: { 200: preferencesAnswer } } },
    (request) => notifications.preferences(currentUser(request).id),
  );

  app.put(
    API.notifications.preferences,
    {
      onRequest: app.requireUser,
      schema: { tags, body: preferencesBody, response: { 200: preferencesAnswer } },
    },
    (request) => notifications.savePreferences(currentUser(request).id, request.body),
  );
};
