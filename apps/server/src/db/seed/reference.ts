import { createRequire } from 'node:module';
import path from 'node:path';
import type * as Dataset from 'country-state-city';
import { param, sql } from 'drizzle-orm';
import type { Executor } from '../client';

const CHUNK = 20_000;
const DATASET = 'country-state-city';

/**
 * All countries and their cities from the country-state-city dataset (250 countries, ~134,000
 * distinct city names). Written once: a database that has cities already is left alone.
 */
export async function seedReferenceData(db: Executor) {
  const present = await db.execute(sql`SELECT EXISTS (SELECT 1 FROM cities) AS present`);
  if (present.rows[0]?.present) return;
  const { countries, cities } = readDataset();
  await db.execute(sql`
    INSERT INTO countries (id, country_name)
    SELECT * FROM unnest(${param(countries.map((c) => c.isoCode))}::text[], ${param(countries.map((c) => c.name))}::text[])
    ON CONFLICT (id) DO NOTHING`);
  for (let start = 0; start < cities.length; start += CHUNK) {
    const chunk = cities.slice(start, start + CHUNK);
    await db.execute(sql`
      INSERT INTO cities (country_id, city_name)
      SELECT * FROM unnest(${param(chunk.map((c) => c.countryCode))}::text[], ${param(chunk.map((c) => c.name))}::text[])
      ON CONFLICT (country_id, city_name) DO NOTHING`);
  }
}

/**
 * The dataset is every city of the world: about 50 MB of heap once loaded, and a module imported
 * with `import` stays loaded for the life of the process. So it is required (CommonJS), only when
 * the tables are empty, its modules are dropped from the require cache, and only the two columns
 * written are kept, so that all of it is garbage once the rows are in.
 */
function readDataset() {
  const require = createRequire(import.meta.url);
  try {
    const { City, Country } = require(DATASET) as typeof Dataset;
    return {
      countries: Country.getAllCountries().map(({ isoCode, name }) => ({ isoCode, name })),
      cities: City.getAllCities().map(({ countryCode, name }) => ({ countryCode, name })),
    };
  } finally {
    const folder = `${path.sep}node_modules${path.sep}${DATASET}${path.sep}`;
    for (const id of Object.keys(require.cache)) if (id.includes(folder)) delete require.cache[id];
  }
}
