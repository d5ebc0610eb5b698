import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from './client';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';
import { startEmbeddedUpkeep, upkeepRound } from './embedded-upkeep';

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

  // PGlite runs no autovacuum: without embedded-upkeep.ts the dead rows below stay for good.
  describe('upkeep', () => {
    const stats = async (table: string) => {
      const { rows } = await database.pool.query<{ dead: number; vacuumed: boolean }>(
        `SELECT n_dead_tup::int AS dead, last_vacuum IS NOT NULL AS vacuumed
           FROM pg_stat_user_tables WHERE relname = $1`,
        [table],
      );
      return rows[0];
    };
    const churn = async (table: string) => {
      await database.pool.query(`CREATE TABLE ${table} (id int PRIMARY KEY, v int)`);
      await database.pool.query(`INSERT INTO ${table} SELECT g, 0 FROM generate_series(1, 1000) g`);
      for (let i = 0; i < 3; i++) await database.pool.query(`UPDATE ${table} SET v = v + 1`);
    };

    it('vacuums a table full of dead rows, and then leaves it be', async () => {
      await churn('churned');
      // Statistics reach the view when the session is next idle, at most once a second; page
      // pruning may already have cleared a few of the 3,000 dead rows.
      await expect
        .poll(async () => (await stats('churned'))?.dead, { timeout: 5_000 })
        .toBeGreaterThan(2_000);
      expect((await stats('churned'))?.vacuumed).toBe(false);
      // A stopping round does nothing.
      expect(await upkeepRound(database.db, { stopped: () => true })).toEqual([]);
      const done = await upkeepRound(database.db);
      expect(done.find((d) => d.name === 'public.churned')).toMatchObject({ vacuum: true });
      expect(await stats('churned')).toEqual({ dead: 0, vacuumed: true });
      const again = await upkeepRound(database.db);
      expect(again.map((d) => d.name)).not.toContain('public.churned');
    });

    // An always-busy database (a slow machine at its knee) still gets a table a round, the
    // longest untended first: a table that only grew is analyzed though another churns more.
    it('does one table a round when busy, the longest untended first', async () => {
      const due = async (table: string, dead: number) =>
        expect
          .poll(async () => (await stats(table))?.dead ?? -1, { timeout: 5_000 })
          .toBeGreaterThanOrEqual(dead);
      await churn('churning');
      await due('churning', 2_000);
      await upkeepRound(database.db);
      for (let i = 0; i < 3; i++) await database.pool.query('UPDATE churning SET v = v + 1');
      await database.pool.query('CREATE TABLE grown (id int PRIMARY KEY)');
      await database.pool.query('INSERT INTO grown SELECT generate_series(1, 5000)');
      await due('churning', 2_000);
      await due('grown', 0);
      // churning: about 3,000 dead rows against a threshold of 250, tended a moment ago; grown:
      // 5,000 new rows against 550, never tended.
      const busy = () => true;
      expect((await upkeepRound(database.db, { busy })).map((d) => d.name)).toEqual([
        'public.grown',
      ]);
      expect((await upkeepRound(database.db, { busy })).map((d) => d.name)).toEqual([
        'public.churning',
      ]);
    });

    it('runs by itself on its timer until stopped', async () => {
      const stop = startEmbeddedUpkeep(database.db, { debug: () => {}, warn: () => {} }, 20);
      try {
        await churn('timed');
        await expect
          .poll(() => stats('timed'), { timeout: 5_000 })
          .toEqual({
            dead: 0,
            vacuumed: true,
          });
      } finally {
        await stop();
      }
    });
  });
});
