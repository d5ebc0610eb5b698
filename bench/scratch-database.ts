import { randomBytes } from 'node:crypto';
import { adminQuery, databaseUrl } from '../apps/server/src/db/admin';
import { createDatabase } from '../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded';
import { runMigrations } from '../apps/server/src/db/migrate';
import { seedReferenceData } from '../apps/server/src/db/seed/reference';

/**
 * A migrated database of a benchmark's own: `alumnet_bench_<random>` on the DATABASE_URL server,
 * or an in-memory PGlite without it. `drop` closes and removes it.
 */
export async function scratchDatabase() {
  const serverUrl = process.env.DATABASE_URL;
  const name = `alumnet_bench_${randomBytes(4).toString('hex')}`;
  const embedded = serverUrl ? undefined : await startEmbeddedPostgres();
  if (serverUrl) await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = serverUrl ? databaseUrl(serverUrl, name) : embedded!.url;
  const { db, pool, close } = createDatabase(url, embedded?.poolSize);
  const drop = async () => {
    await close();
    await embedded?.stop();
    if (serverUrl) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  try {
    await runMigrations(db);
    await seedReferenceData(db);
  } catch (error) {
    await drop();
    throw error;
  }
  return {
    db,
    pool,
    kind: serverUrl ? ('postgresql' as const) : ('pglite' as const),
    label: serverUrl ? 'PostgreSQL' : 'embedded PGlite',
    drop,
  };
}
