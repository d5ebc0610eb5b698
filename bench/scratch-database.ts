import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { adminQuery, databaseUrl } from '../apps/server/src/db/admin';
import { createDatabase } from '../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded';
import { runMigrations } from '../apps/server/src/db/migrate';
import { seedReferenceData } from '../apps/server/src/db/seed/reference';
import { hashPassword } from '../apps/server/src/lib/passwords';

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

/** The admin every benchmark signs in as. */
export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'bench-password-1' };

/**
 * A college and its admin (BENCH_ADMIN), as each benchmark starts. The password hash is
 * returned too, for benchmarks that seed members who sign in with the same password.
 */
export async function seedBenchCollege(pool: pg.Pool, name = 'Bench College') {
  const passwordHash = await hashPassword(BENCH_ADMIN.password);
  const collegeId = (
    await pool.query<{ id: string }>(`INSERT INTO colleges (name) VALUES ($1) RETURNING id`, [name])
  ).rows[0]!.id;
  await pool.query(
    `INSERT INTO users (college_id, first_name, last_name, full_name, username, email, password_hash,
                        user_type, is_approved, is_registered)
     VALUES ($1, 'Bench', 'Admin', 'Bench Admin', 'bench.admin', $2, $3, 'a', true, true)`,
    [collegeId, BENCH_ADMIN.email, passwordHash],
  );
  return { collegeId, passwordHash };
}
