import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../config';
import { createDatabase } from './client';
import { NAMED_STATEMENTS_LIMIT } from './named-statements';
import { createTestDatabase } from '../test/build';

describe('DATABASE_PREPARED_STATEMENTS', () => {
  it('is on unless set false', () => {
    expect(loadConfig({}).databasePreparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'false' }).databasePreparedStatements).toBe(
      false,
    );
    expect(() => loadConfig({ DATABASE_PREPARED_STATEMENTS: 'sometimes' })).toThrow(
      'DATABASE_PREPARED_STATEMENTS',
    );
  });
});

/**
 * A PostgreSQL server's pool plans a repeated statement once per connection (the embedded
 * database has embedded-statements.ts). Only a PostgreSQL server keeps a session per connection,
 * so this runs there (CI does).
 */
describe.skipIf(inject('dbTemplate').kind !== 'postgres')(
  'repeated statements are prepared on a PostgreSQL server',
  () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let pool: ReturnType<typeof createDatabase>;
    beforeAll(async () => {
      database = await createTestDatabase();
      // One connection, so pg_prepared_statements below is the same session's.
      pool = createDatabase(database.url, 1, { namedStatements: true });
    });
    afterAll(async () => {
      await pool?.close();
      await database?.drop();
    });

    const prepared = async () =>
      (
        await pool.pool.query<{ name: string; statement: string }>(
          'SELECT name, statement FROM pg_prepared_statements ORDER BY prepare_time',
        )
      ).rows;

    it('names a text the second time, and the answers stay right', async () => {
      const add = (n: number) => pool.db.execute<{ sum: number }>(sql`SELECT ${n}::int + 1 AS sum`);
      expect((await add(1)).rows).toEqual([{ sum: 2 }]);
      expect(await prepared()).toEqual([]);
      expect((await add(2)).rows).toEqual([{ sum: 3 }]);
      expect((await add(41)).rows).toEqual([{ sum: 42 }]);
      const once = await prepared();
      expect(once).toHaveLength(1);
      expect(once[0]!.statement).toBe('SELECT $1::int + 1 AS sum');
      // Bound by name after: still one statement, not one per call.
      await add(7);
      expect(await prepared()).toEqual(once);
    });

    it('passes texts without parameters, and a transaction, through as they are', async () => {
      const before = await prepared();
      for (let i = 0; i < 3; i++) await pool.db.execute(sql`SELECT 1`);
      const total = await pool.db.transaction(async (tx) => {
        for (let i = 0; i < 2; i++) await tx.execute(sql`SELECT ${String(i)} AS text_value`);
        return (await tx.execute<{ n: string }>(sql`SELECT ${'x'} || 'y' AS n`)).rows[0]!.n;
      });
      expect(total).toBe('xy');
      const after = await prepared();
      expect(after.map((p) => p.statement)).toEqual([
        ...before.map((p) => p.statement),
        'SELECT $1 AS text_value',
      ]);
    });

    it('reports an error as before, and the named statement keeps working', async () => {
      const divide = (n: number) => pool.db.execute<{ q: number }>(sql`SELECT 10 / ${n}::int AS q`);
      await divide(5);
      await divide(2);
      await expect(divide(0)).rejects.toMatchObject({ cause: { code: '22012' } });
      // The pool closes a connection whose query failed; the next one prepares the text anew.
      expect((await divide(10)).rows).toEqual([{ q: 1 }]);
      await divide(1);
      expect((await prepared()).map((p) => p.statement)).toEqual(['SELECT 10 / $1::int AS q']);
    });

    it('stops naming a text whose statement a migration elsewhere made stale', async () => {
      // One checked-out connection: the pool would replace it after the error below.
      const client = await pool.pool.connect();
      try {
        await client.query('CREATE TABLE named_probe (a int)');
        await client.query('INSERT INTO named_probe VALUES (1)');
        const read = () => client.query('SELECT * FROM named_probe WHERE a = $1', [1]);
        await read();
        await read();
        // Another process's migration: the prepared plan's result no longer matches the table.
        await client.query('ALTER TABLE named_probe ADD COLUMN b int');
        await expect(read()).rejects.toMatchObject({ code: '0A000' });
        expect((await read()).rows).toEqual([{ a: 1, b: null }]);
        expect((await read()).rows).toEqual([{ a: 1, b: null }]);
      } finally {
        client.release();
      }
    });

    it('prepares nothing when set off, as behind a transaction pooler', async () => {
      const plain = createDatabase(database.url, 1, { namedStatements: false });
      try {
        for (let i = 0; i < 3; i++) await plain.pool.query('SELECT $1::int AS n', [i]);
        const count = await plain.pool.query(
          'SELECT count(*)::int AS n FROM pg_prepared_statements',
        );
        expect(count.rows).toEqual([{ n: 0 }]);
      } finally {
        await plain.close();
      }
    });

    it(`names at most ${NAMED_STATEMENTS_LIMIT} texts; more are planned each time`, async () => {
      // A pool of its own: its names start from none.
      const fresh = createDatabase(database.url, 1, { namedStatements: true });
      try {
        for (let i = 0; i < NAMED_STATEMENTS_LIMIT + 10; i++)
          for (let seen = 0; seen < 2; seen++)
            await fresh.pool.query(`SELECT $1::int + ${i} AS n`, [seen]);
        const count = await fresh.pool.query<{ count: string }>(
          'SELECT count(*) FROM pg_prepared_statements',
        );
        expect(count.rows).toEqual([{ count: String(NAMED_STATEMENTS_LIMIT) }]);
        const past = await fresh.pool.query<{ n: number }>(
          `SELECT $1::int + ${NAMED_STATEMENTS_LIMIT + 5} AS n`,
          [1],
        );
        expect(past.rows).toEqual([{ n: NAMED_STATEMENTS_LIMIT + 6 }]);
      } finally {
        await fresh.close();
      }
    });
  },
);
