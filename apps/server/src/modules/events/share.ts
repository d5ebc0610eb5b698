import { API, idSchema } from '@alumnet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { escapeHtml } from '../../lib/html';
import { findEvent } from './repository';
import { whenText } from './when';

/**
 * `/events/{id}` as a shared link shows it (issue 28): the app's page with OpenGraph tags naming
 * the event's title, time and picture, so a chat app or a social network draws a card. Crawlers
 * have no session: the card is the event's public face (its id is the secret a link carries); the
 * page itself, and everything else about the event, stays the members' (the app asks the API).
 */
export const eventSharePage: FastifyPluginAsyncZod<{ publicUrl: string }> = async (
  app,
  { publicUrl },
) => {
  app.get<{ Params: { id: string } }>(
    '/events/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      if (!app.appPage) return reply.callNotFound();
      // Not an id: the app's page as for any address (it shows its own "not found").
      const { id } = request.params;
      const event = idSchema.safeParse(id).success ? await findEvent(app.db, id) : undefined;
      reply.header('cache-control', 'no-cache').header('vary', 'Cookie');
      if (!event) return reply.type('text/html; charset=utf-8').send(app.appPage(''));
      const when = whenText(event.startsAt, event.timeZone);
      const where = event.venue ?? (event.onlineUrl ? 'Online' : '');
      const summary = event.cancelledAt
        ? `Cancelled · ${when}`
        : [when, where].filter(Boolean).join(' · ');
      const tags: [string, string][] = [
        ['og:type', 'website'],
        ['og:site_name', 'Alumnet'],
        ['og:title', event.title],
        ['og:description', summary],
        ['og:url', `${publicUrl}/events/${event.id}`],
        ...(event.coverPicture
          ? ([
              [
                'og:image',
                `${publicUrl}${API.images.show}?image=${encodeURIComponent(event.coverPicture)}`,
              ],
            ] as [string, string][])
          : []),
      ];
      const head = [
        ...tags.map(([p, c]) => `<meta property="${p}" content="${escapeHtml(c)}" />`),
        `<meta name="twitter:card" content="${event.coverPicture ? 'summary_large_image' : 'summary'}" />`,
      ].join('\n    ');
      return reply.type('text/html; charset=utf-8').send(app.appPage(head));
    },
  );
};
