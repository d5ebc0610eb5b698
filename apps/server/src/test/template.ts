import { createDatabase } from '../db/client';
import { createJobQueue } from '../jobs/queue';
import { runMigrations } from '../db/migrate';
import { seedDemoData } from '../db/seed/demo';
import { seedReferenceData } from '../db/seed/reference';

/** Where each test file's fresh database comes from; made once per run by global-setup.ts. */
export type DbTemplate =
  { kind: 'postgres'; adminUrl: string; template: string } | { kind: 'pglite'; dumpPath: string };

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: DbTemplate;
  }
}

/** The database every test starts from: migrated, with the reference and demo data. */
export async function prepareDatabase(url: string) {
  // One connection: safe on the embedded server too (see EmbeddedPostgres.poolSize).
  const { db, close } = createDatabase(url, 1);
  try {
    await runMigrations(db);
    await seedReferenceData(db);
    await seedDemoData(db);
    // The queue's own tables, once here rather than in every test file's app.
    const queue = await createJobQueue(db, {
      supervise: false,
      pollSeconds: 1,
      chunkTimeoutSeconds: 60,
    });
    await queue.stop();
  } finally {
    await close();
  }
}
