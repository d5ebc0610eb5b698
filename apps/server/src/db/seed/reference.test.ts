import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/build';
import { createDatabase } from '../client';
import { seedReferenceData } from './reference';

const require = createRequire(import.meta.url);
const datasetLoaded = () =>
  Object.keys(require.cache).some((id) => id.includes('node_modules/country-state-city/'));

class RolledBack extends Error {}

describe('reference data', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let client: ReturnType<typeof createDatabase>;
  beforeAll(async () => {
    database = await createTestDatabase();
    client = createDatabase(database.url, 1);
  });
  afterAll(async () => {
    await client.close();
    await database.drop();
  });

  it('writes every country and city into empty tables, then lets the dataset go', async () => {
    const counts = await client.db
      .transaction(async (tx) => {
        await tx.execute(sql`TRUNCATE cities, countries CASCADE`);
        await seedReferenceData(tx);
        const result = await tx.execute(sql`
          SELECT (SELECT count(*) FROM countries)::int AS countries,
                 (SELECT count(*) FROM cities)::int AS cities,
                 (SELECT count(*) FROM cities WHERE country_id = 'IN' AND city_name = 'Chennai')::int AS chennai`);
        throw new RolledBack(JSON.stringify(result.rows[0]));
      })
      .catch((error: unknown) => {
        if (error instanceof RolledBack) return JSON.parse(error.message) as Record<string, number>;
        throw error;
      });
    expect(counts.countries).toBe(250);
    expect(counts.cities).toBeGreaterThan(130_000);
    expect(counts.chennai).toBe(1);
    // Nothing of it stays loaded for the life of the process.
    expect(datasetLoaded()).toBe(false);
  }, 120_000);

  it('leaves tables that have cities alone, without loading the dataset', async () => {
    const before = await client.db.execute(sql`SELECT count(*)::int AS n FROM cities`);
    await seedReferenceData(client.db);
    const after = await client.db.execute(sql`SELECT count(*)::int AS n FROM cities`);
    expect(after.rows[0]).toEqual(before.rows[0]);
    expect(datasetLoaded()).toBe(false);
  });
});
