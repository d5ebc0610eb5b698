import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { chmod, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Config } from '../config';
import { AppError, badRequest, unauthorized } from '../lib/errors';
import { hasBearer } from '../lib/bearer';
import { createBackup } from './backup';

/** Where a running embedded portal tells `npm run backup` how to reach it (DATA_DIR). */
export const PORTAL_FILE = 'portal.json';

export interface PortalFile {
  pid: number;
  url: string;
  token: string;
}

const backupBody = z.object({
  file: z.string().refine((file) => path.isAbsolute(file), 'file: give an absolute path'),
});

/**
 * A backup of the running embedded portal, made by the portal itself: PGlite is one session, so
 * no second process may open its folder, and a second connection would share (and break) the
 * portal's transactions. The backup holds the pool's one connection for its duration: requests
 * wait a few seconds instead of meeting a half-read snapshot. Reached only with the token the
 * portal writes, readable by its own user alone, into DATA_DIR/portal.json.
 */
export const backupRoute = fp(
  async (app: FastifyInstance, { config, token }: { config: Config; token: string }) => {
    app.post('/internal/backup', { schema: { hide: true } }, async (request) => {
      if (!hasBearer(request.headers.authorization, token))
        throw unauthorized('Send the token from the portal\u2019s data folder.');
      const parsed = backupBody.safeParse(request.body);
      if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
      const client = await app.db.$client.connect();
      try {
        return await createBackup({
          database: client,
          source: 'embedded',
          file: parsed.data.file,
          pictures: config.s3
            ? { kind: 's3', bucket: config.s3.bucket }
            : { kind: 'disk', dir: config.uploadsDir },
        });
      } catch (error) {
        // The operator reads this at the command line: the cause, not "something went wrong".
        throw new AppError(500, `The backup failed: ${(error as Error).message}`);
      } finally {
        client.release();
      }
    });
  },
  { name: 'backup-route', dependencies: ['db'] },
);

/** Written once the portal listens; removed when it stops cleanly. */
export async function writePortalFile(dataDir: string, portal: PortalFile) {
  const file = path.join(dataDir, PORTAL_FILE);
  await writeFile(file, JSON.stringify(portal), { mode: 0o600 });
  // An existing file keeps its mode through writeFile.
  await chmod(file, 0o600);
  return () => rm(file, { force: true });
}
