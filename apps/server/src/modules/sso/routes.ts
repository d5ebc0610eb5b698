import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Issue 30: being written. */
export const ssoRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async () => {};
