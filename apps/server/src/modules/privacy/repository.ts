import { eq, sql } from 'drizzle-orm';
import type { PrivacySettings } from '@alumnet/contract';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';

const settingColumns = {
  email: users.privacyEmail,
  phone: users.privacyPhone,
  company: users.privacyCompany,
  city: users.privacyCity,
  listed: users.listed,
};

export async function findPrivacy(db: Executor, userId: string): Promise<PrivacySettings | null> {
  const [row] = await db.select(settingColumns).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** Stores the whole object; the directory_names trigger follows a change of `listed`. */
export async function savePrivacy(
  db: Executor,
  userId: string,
  s: PrivacySettings,
): Promise<PrivacySettings | null> {
  const [row] = await db
    .update(users)
    .set({
      privacyEmail: s.email,
      privacyPhone: s.phone,
      privacyCompany: s.company,
      privacyCity: s.city,
      listed: s.listed,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning(settingColumns);
  return row ?? null;
}
