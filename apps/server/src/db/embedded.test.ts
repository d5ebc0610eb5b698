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

  // Unpatched, the socket server ran each protocol message on its own, so two connections'
  // Parse/Bind/Execute messages interleaved: queries failed ('portal "" does not exist') or the
  // queue hung for good. patches/@electric-sql+pglite-socket*.patch runs each batch whole.
  it('opens several connections', () => {
    expect(embedded.poolSize).toBeGreaterThan(1);
  });

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

  // PGlite is one session: a statement of another connection run while a transaction is open
  // would join it (and vanish with its rollback). The socket server holds it back until the end.
  it("keeps other connections' statements out of an open transaction", async () => {
    await database.db.execute(sql`CREATE TABLE u (id int PRIMARY KEY)`);
    let outside: Promise<unknown> | undefined;
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO u VALUES (1)`);
        outside = database.pool.query('INSERT INTO u VALUES (2)');
        // Long enough for the outside insert to reach the server while this is still open.
        await new Promise((resolve) => setTimeout(resolve, 50));
        await tx.execute(sql`INSERT INTO u VALUES (3)`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await outside;
    const { rows } = await database.pool.query<{ id: number }>('SELECT id FROM u ORDER BY id');
    expect(rows.map((r) => r.id)).toEqual([2]);
  });
});
