import type { Database } from '../client';
import { colleges } from '../schema';

/**
 * The demo data, on a portal's first start only. The generator is imported here, when a database
 * without any college wants it, so a portal started on its own data never loads it.
 */
export async function seedDemoOnFirstStart(db: Database): Promise<boolean> {
  const existing = await db.select({ id: colleges.id }).from(colleges).limit(1);
  if (existing.length > 0) return false;
  const { seedDemoData } = await import('./demo');
  return seedDemoData(db);
}
