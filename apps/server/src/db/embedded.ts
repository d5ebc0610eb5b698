import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { mkdirSync } from 'node:fs';
import { POOL_SIZE } from './client';
import { EMBEDDED_POOL_SIZE } from './embedded-supervisor';
import { prepareRepeatedStatements } from './embedded-statements';

export interface EmbeddedPostgres {
  url: string;
  /** How many pooled connections the app opens (EMBEDDED_POOL_SIZE, embedded-supervisor.ts). */
  poolSize: number;
  /** The whole data directory as a tarball, to start another instance from (tests). */
  dump: () => Promise<Blob>;
  stop: () => Promise<void>;
}

/**
 * PostgreSQL in WASM, served on a loopback port so the app reaches it with `pg` exactly like a
 * real server. `dataDir` undefined keeps everything in memory (tests); `loadDataDir` starts from a dump, which skips
 * initdb (0.5 s instead of 3 s).
 */
export async function startEmbeddedPostgres(
  dataDir?: string,
  loadDataDir?: Blob,
): Promise<EmbeddedPostgres> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm } });
  prepareRepeatedStatements(db);
  // Room for the app's connections plus short-lived ones (a second process, tools).
  const server = new PGLiteSocketServer({
    db,
    host: '127.0.0.1',
    port: 0,
    maxConnections: POOL_SIZE + 10,
  });
  await server.start();
  const [, port] = server.getServerConn().split(':');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    poolSize: EMBEDDED_POOL_SIZE,
    dump: async () => {
      const dump = await db.dumpDataDir('none');
      return dump;
    },
    stop: async () => {
      await server.stop();
      await db.close();
    },
  };
}
