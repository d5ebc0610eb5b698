import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { createJobQueue, type JobQueue } from '../jobs/queue';
import { closeTransports, createTransports, type Transports } from '../mail/transports';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where e-mail, SMS and WhatsApp go: providers when configured, else the outbox. */
    transports: Transports;
    /** The job queue, for queueing work; workers run in worker.ts. */
    jobs: JobQueue;
  }
}

export const deliveryPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const transports = createTransports(config);
    const jobs = await createJobQueue(app.db, {
      supervise: false,
      pollSeconds: config.jobs.pollSeconds,
      chunkTimeoutSeconds: config.jobs.chunkTimeoutSeconds,
    });
    app.decorate('transports', transports);
    app.decorate('jobs', jobs);
    app.addHook('onClose', async () => {
      await jobs.stop();
      await closeTransports(transports);
    });
  },
  { name: 'delivery', dependencies: ['db'] },
);
