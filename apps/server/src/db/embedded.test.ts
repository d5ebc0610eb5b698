import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from './client';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';

describe('embedded PostgreSQL', () => {
  let embedded: EmbeddedPostgres;
  let database: ReturnType<typeof createDatabase>;
  beforeAll(async () => {
    embedded = await startEmbeddedPostgres();
    database = createDatabase(embedded.url, embedded.poolSize);
    await database.db.execute(sql`CREATE TABLE t (id int PRIMARY KEY, v int)`);
  });
  afterAll(async () => {
    await database.close();
    await embedded.stop();
  });

  // With more than one pooled connection the socket server interleaves two connections'
  // Parse/Bind/Execute messages: queries fail or the queue hangs for good.
  it('runs transactions and parameterised queries concurrently without mixing them up', async () => {
    const results = await Promise.all(
      Array.from({ length: 300 }, async (_, i) => {
        if (i % 3 === 0) {
          await database.db.transaction(async (tx) => {
            await tx.execute(sql`INSERT INTO t VALUES (${i}, ${i})`);
          });
          return i;
        }
        const { rows } = await database.pool.query<{ v: number }>('SELECT $1::int AS v', [i]);
        return rows[0]?.v;
      }),
    );
    expect(results).toEqual(Array.from({ length: 300 }, (_, i) => i));
    const { rows } = await database.pool.query<{ n: string }>('SELECT count(*) AS n FROM t');
    expect(Number(rows[0]?.n)).toBe(100);
  });
});
