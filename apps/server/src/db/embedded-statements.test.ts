import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';
import { PREPARED_STATEMENTS_LIMIT } from './embedded-statements';

// About the embedded database only: on PostgreSQL the pool's statements are planned as sent.
describe.skipIf(process.env.TEST_DATABASE_URL)(
  'repeated statements on the embedded database',
  () => {
    let embedded: EmbeddedPostgres;
    const clients: pg.Client[] = [];
    const connect = async () => {
      const client = new pg.Client({ connectionString: embedded.url });
      await client.connect();
      clients.push(client);
      return client;
    };
    let a: pg.Client;
    let b: pg.Client;

    beforeAll(async () => {
      embedded = await startEmbeddedPostgres();
      a = await connect();
      b = await connect();
      await a.query(`CREATE TABLE items (id int PRIMARY KEY, label text)`);
      await a.query(`INSERT INTO items SELECT g, 'item ' || g FROM generate_series(1, 100) g`);
    }, 60_000);
    afterAll(async () => {
      await Promise.all(clients.map((client) => client.end()));
      await embedded?.stop();
    });

    /** Our prepared statements whose text contains `marker`. */
    const preparedWith = async (marker: string) =>
      (
        await a.query<{ name: string }>(
          `SELECT name FROM pg_prepared_statements WHERE name LIKE 'alumnet\\_%' AND statement LIKE $1`,
          [`%${marker}%`],
        )
      ).rows.map((row) => row.name);

    it('prepares a text on its second sighting and answers each call with its own values', async () => {
      const text = 'SELECT label /* by-id */ FROM items WHERE id = $1';
      expect((await a.query(text, [1])).rows).toEqual([{ label: 'item 1' }]);
      expect(await preparedWith('by-id')).toEqual([]);
      for (let id = 2; id <= 12; id++) {
        const client = id % 2 ? a : b;
        expect((await client.query(text, [id])).rows).toEqual([{ label: `item ${id}` }]);
      }
      // One statement, shared by both connections (PGlite's one session).
      expect(await preparedWith('by-id')).toHaveLength(1);
    });

    it('keeps statements through transactions, rolled back or failed', async () => {
      const text = 'SELECT count(*)::int AS n /* range */ FROM items WHERE id <= $1';
      await a.query(text, [5]);
      await a.query('BEGIN');
      expect((await a.query(text, [10])).rows).toEqual([{ n: 10 }]);
      await a.query('ROLLBACK');
      await a.query('BEGIN');
      await expect(a.query('SELECT 1/0')).rejects.toThrow('division by zero');
      // In a failed transaction the statement fails as PostgreSQL says, and works after it.
      await expect(a.query(text, [10])).rejects.toThrow('current transaction is aborted');
      await a.query('ROLLBACK');
      expect((await a.query(text, [20])).rows).toEqual([{ n: 20 }]);
      expect((await b.query(text, [30])).rows).toEqual([{ n: 30 }]);
      expect(await preparedWith('range')).toHaveLength(1);
    });

    it('leaves a text that fails to parse unprepared, and the connection usable', async () => {
      const broken = 'SELEC label /* broken */ FROM items WHERE id = $1';
      for (let i = 0; i < 3; i++)
        await expect(a.query(broken, [1])).rejects.toThrow('syntax error');
      expect(await preparedWith('broken')).toEqual([]);
      expect((await a.query('SELECT $1::int + 1 AS n /* after */', [1])).rows).toEqual([{ n: 2 }]);
    });

    it('prepares afresh a statement whose table changed shape under it', async () => {
      await a.query(`CREATE TABLE shapes (id int PRIMARY KEY)`);
      await a.query(`INSERT INTO shapes VALUES (1)`);
      const text = 'SELECT * /* shapes */ FROM shapes WHERE id = $1';
      for (let i = 0; i < 3; i++) await a.query(text, [1]);
      await a.query(`ALTER TABLE shapes ADD COLUMN colour text DEFAULT 'red'`);
      // As for any prepared statement after such a change: the first call says so.
      await expect(a.query(text, [1])).rejects.toThrow('cached plan must not change result type');
      await a.query(text, [1]);
      expect((await a.query(text, [1])).rows).toEqual([{ id: 1, colour: 'red' }]);
    });

    it('keeps its statements bounded', async () => {
      for (let i = 0; i < PREPARED_STATEMENTS_LIMIT + 20; i++) {
        const text = `SELECT $1::int + ${i} AS n /* many */`;
        await a.query(text, [1]);
        expect((await a.query(text, [1])).rows).toEqual([{ n: 1 + i }]);
      }
      const { rows } = await a.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'alumnet\\_%'`,
      );
      expect(rows[0]!.n).toBe(PREPARED_STATEMENTS_LIMIT);
    }, 60_000);
  },
);
