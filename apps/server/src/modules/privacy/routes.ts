import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Issue 30: being written. */
export const privacyRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async () => {};
