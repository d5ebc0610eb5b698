import { DEFAULT_PROFILE_PIC } from '@alumnet/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Storage } from '../../storage';
import { DEMO_IMAGES } from '../images';
import { mediumKey, thumbKey } from '../images/service';
import { deleteDueAccounts, type DeletedAccount } from './deletion';
import { sweepExpiredExports } from './export';

const SHIPPED: ReadonlySet<string> = new Set([...DEMO_IMAGES, DEFAULT_PROFILE_PIC]);

/**
 * The hourly QUEUES.accountDeletion run: accounts whose grace ran out by `now` are deleted, then
 * their pictures and the export files past their link leave storage. Storage is touched only
 * after the database committed: a rolled back deletion keeps its pictures.
 */
export async function runAccountDeletion(db: Database, storage: Storage, now = new Date()) {
  const deleted = await deleteDueAccounts(db, now);
  const removedPictures = await removePictures(db, storage, deleted);
  for (const key of deleted.flatMap((d) => d.exportFiles)) await storage.remove(key);
  const expiredExports = await sweepExpiredExports(db, storage, now);
  return { deleted, removedPictures, expiredExports };
}

/**
 * The pictures of deleted accounts that nothing still shows: a name can be shared (a post
 * pointing at an image another one uploaded, the shipped demo pictures), and such a one stays.
 */
async function removePictures(db: Database, storage: Storage, deleted: DeletedAccount[]) {
  const names = [...new Set(deleted.flatMap((d) => d.pictures))].filter((n) => !SHIPPED.has(n));
  if (names.length === 0) return [];
  const list = sql.join(
    names.map((n) => sql`${n}`),
    sql`, `,
  );
  const used = await db.execute<{ name: string }>(sql`
    SELECT image AS name FROM posts WHERE image IN (${list})
    UNION SELECT profile_pic FROM users WHERE profile_pic IN (${list})
    UNION SELECT cover_picture FROM events WHERE cover_picture IN (${list})
    UNION SELECT cover_picture FROM groups WHERE cover_picture IN (${list})`);
  const stillShown = new Set(used.rows.map((r) => r.name));
  const removed: string[] = [];
  for (const name of names) {
    if (stillShown.has(name)) continue;
    try {
      for (const key of [thumbKey(name), mediumKey(name), name]) await storage.remove(key);
      removed.push(name);
    } catch {
      // A name that is no storage key (an old URL) or a store away: nothing to remove now.
    }
  }
  return removed;
}
