import { City, Country } from 'country-state-city';
import { param, sql } from 'drizzle-orm';
import type { Executor } from '../client';

const CHUNK = 20_000;

/**
 * All countries and their cities from the country-state-city dataset (250 countries, ~134,000
 * distinct city names). Written once: a database that has cities already is left alone.
 */
export async function seedReferenceData(db: Executor) {
  const present = await db.execute(sql`SELECT EXISTS (SELECT 1 FROM cities) AS present`);
  if (present.rows[0]?.present) return;
  const countries = Country.getAllCountries();
  await db.execute(sql`
    INSERT INTO countries (id, country_name)
    SELECT * FROM unnest(${param(countries.map((c) => c.isoCode))}::text[], ${param(countries.map((c) => c.name))}::text[])
    ON CONFLICT (id) DO NOTHING`);
  const cities = City.getAllCities();
  for (let start = 0; start < cities.length; start += CHUNK) {
    const chunk = cities.slice(start, start + CHUNK);
    await db.execute(sql`
      INSERT INTO cities (country_id, city_name)
      SELECT * FROM unnest(${param(chunk.map((c) => c.countryCode))}::text[], ${param(chunk.map((c) => c.name))}::text[])
      ON CONFLICT (country_id, city_name) DO NOTHING`);
  }
}
