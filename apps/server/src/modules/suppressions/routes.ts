import {
  API,
  liftSuppressionBody,
  messageAnswer,
  suppressionsAnswer,
  suppressionsQuery,
  type Suppression,
} from '@alumnet/contract';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Config } from '../../config';
import { notFound } from '../../lib/errors';
import { adminCollegeId, policy } from '../../lib/policy';
import type { SessionUser } from '../auth/repository';
import { auditActor, recordAudit } from '../audit/record';
import { currentUser } from '../auth/plugin';
import { liftSuppression, listSuppressions } from './repository';
import { receiveEmailEvents } from './service';
import { snsVerifier, type SnsVerifier } from './sns';

/** The college whose members' entries an admin reaches; undefined: all (a super admin). */
const scopeOf = (user: SessionUser, collegeId: string | undefined) =>
  policy.isSuperAdmin(user) && !collegeId ? undefined : adminCollegeId(user, collegeId);

const present = (row: Awaited<ReturnType<typeof listSuppressions>>[number]): Suppression => ({
  email: row.email,
  reason: row.reason,
  source: row.source,
  detail: row.detail,
  createdAt: row.createdAt.toISOString(),
});

/** The suppression list (issue 26): bounces and complaints in, admins look and lift. */
export const suppressionRoutes: FastifyPluginAsyncZod<{
  config: Config;
  sns?: SnsVerifier;
}> = async (app, { config, sns = snsVerifier }) => {
  const tags = ['suppressions'];
  const onRequest = app.requireAdmin;

  app.get(
    API.suppressions.list,
    {
      onRequest,
      schema: { tags, querystring: suppressionsQuery, response: { 200: suppressionsAnswer } },
    },
    async (request) => {
      const rows = await listSuppressions(
        app.db,
        scopeOf(currentUser(request), request.query.collegeId),
      );
      return { suppressions: rows.map(present) };
    },
  );

  app.post(
    API.suppressions.lift,
    { onRequest, schema: { tags, body: liftSuppressionBody, response: { 200: messageAnswer } } },
    async (request) => {
      const { email, collegeId } = request.body;
      const scope = scopeOf(currentUser(request), collegeId);
      const lifted = await app.db.transaction(async (tx) => {
        if (!(await liftSuppression(tx, email, scope))) return false;
        // A super admin without a pick: the college of the member the address belongs to.
        const [member] = scope
          ? [{ collegeId: scope }]
          : await tx
              .select({ collegeId: users.collegeId })
              .from(users)
              .where(eq(users.email, email.trim().toLowerCase()))
              .limit(1);
        await recordAudit(tx, auditActor(request), {
          action: 'suppression.lift',
          collegeId: member?.collegeId ?? null,
          targetType: 'email',
          targetLabel: email.trim().toLowerCase(),
        });
        return true;
      });
      if (!lifted)
        throw notFound(`${email} is not on the suppression list of the members you manage.`);
      return { message: `${email} will be e-mailed again.` };
    },
  );

  // Providers post raw bodies whose exact bytes are signed (SNS even as text/plain): this scope
  // reads JSON and text as the string itself, for this route only.
  await app.register(async (scope) => {
    scope.removeContentTypeParser(['application/json', 'text/plain']);
    scope.addContentTypeParser(
      ['application/json', 'text/plain'],
      { parseAs: 'string', bodyLimit: 512 * 1024 },
      (_request, body, done) => done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      API.webhooks.emailEvents,
      {
        schema: {
          tags,
          response: { 200: z.object({ ok: z.literal(true), recorded: z.number() }) },
        },
      },
      async (request) => {
        const signature = request.headers['x-alumnet-signature'];
        const recorded = await receiveEmailEvents(
          app.db,
          {
            webhookSecret: config.emailEvents.webhookSecret,
            snsTopicArns: config.emailEvents.snsTopicArns,
            sns,
          },
          typeof request.body === 'string' ? request.body : '',
          typeof signature === 'string' ? signature : undefined,
        );
        return { ok: true as const, recorded };
      },
    );
  });
};
