import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Scaffolding: the chat calls of member-portal.md §7 are added here in this change.
export const chatRoutes: FastifyPluginAsyncZod = async () => {};
