import type { FastifyRequest } from 'fastify';
import { tooManyRequests } from './errors';

/**
 * A route limit counted per signed-in member rather than per address, so a campus behind one
 * NAT does not share one budget. Uses Redis when REDIS_URL is set (see app.ts). `message`
 * replaces the generic 429 text.
 */
export const perMember = (
  max: number,
  timeWindow: string | number = '1 minute',
  message?: string,
) => ({
  rateLimit: {
    max,
    timeWindow,
    keyGenerator: (request: FastifyRequest) =>
      request.user ? `user:${request.user.id}` : request.ip,
    ...(message ? { errorResponseBuilder: () => tooManyRequests(message) } : {}),
  },
});
