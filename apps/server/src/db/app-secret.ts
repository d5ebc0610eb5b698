import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Executor } from './client';
import { appSettings } from './schema';

/**
 * The installation's own secret, made on first use and kept in the database, so every process
 * derives the same invitation tokens, one-time passwords and quiz player credentials.
 */
export async function appSecret(db: Executor) {
  await db
    .insert(appSettings)
    .values({ key: 'secret', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, 'secret'));
  return row!.value;
}
