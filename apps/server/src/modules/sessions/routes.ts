import {
  API,
  changePasswordBody,
  okSchema as okAnswer,
  sessionParams,
  sessionsAnswer,
} from '@alumnet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/plugin';
import { createSessionsService } from './service';

const pattern = (path: string) => path.replace(/%3A/g, ':');
const tags = ['sessions'];

/** /settings/security: the member's sessions and their password (issue 30). */
export const sessionRoutes: FastifyPluginAsyncZod<{
  /** Password changes per address and minute, as the sign-in calls. */
  perIpPerMinute?: number;
}> = async (app, options) => {
  const service = createSessionsService(app.db);
  const onRequest = app.requireUser;

  const end = (sessionIds: string[]) => {
    app.forgetSessions({ sessionIds });
    app.realtime.endSessions(sessionIds);
  };

  app.get(
    API.me.sessions,
    { onRequest, schema: { tags, response: { 200: sessionsAnswer } } },
    (request) => service.list(currentUser(request)),
  );

  app.delete(
    pattern(API.me.session(':id')),
    { onRequest, schema: { tags, params: sessionParams, response: { 200: okAnswer } } },
    async (request) => {
      end(await service.endOne(currentUser(request), request.params.id));
      return { ok: true as const, message: 'That session has been signed out.' };
    },
  );

  app.post(
    API.me.endOtherSessions,
    { onRequest, schema: { tags, response: { 200: okAnswer } } },
    async (request) => {
      end(await service.endOthers(currentUser(request)));
      return { ok: true as const, message: 'You have been signed out everywhere else.' };
    },
  );

  app.post(
    API.me.password,
    {
      onRequest,
      config: options.perIpPerMinute
        ? { rateLimit: { max: options.perIpPerMinute, timeWindow: '1 minute' } }
        : {},
      schema: { tags, body: changePasswordBody, response: { 200: okAnswer } },
    },
    async (request) => {
      end(await service.changePassword(currentUser(request), request.body));
      return {
        ok: true as const,
        message: 'Your password has been changed. Your other sessions have been signed out.',
      };
    },
  );
};
