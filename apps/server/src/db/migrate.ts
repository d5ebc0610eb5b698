import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { migrationsFolder } from '../paths';
import type { Database } from './client';

export async function runMigrations(db: Database) {
  await migrate(db, { migrationsFolder });
}
