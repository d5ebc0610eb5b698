import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';

// Scaffolding: PUT /v1/{filename} and GET /v1/s3 are added here in this change.
export const imageRoutes: FastifyPluginAsyncZod<{ config: Config }> = async () => {};
