import { randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { assertStorageKey } from '../storage/storage';
import { appliedMigrations, appTables, ident, sequenceValues } from './backup-catalog';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  fileSha256,
  openBackupWriter,
  type BackupHeader,
} from './backup-format';

export interface BackupOptions {
  /**
   * A connection string (PostgreSQL, or the embedded server this tool started), or a connection
   * held for the backup: the running embedded portal's own, so nothing else uses its one session
   * meanwhile (ops/backup-route.ts). A given connection is left open.
   */
  database: string | pg.ClientBase;
  source: BackupHeader['source'];
  file: string;
  /** Disk: the uploads folder, copied in. S3: only the bucket's name is recorded. */
  pictures: { kind: 'disk'; dir: string } | { kind: 's3'; bucket: string };
  progress?: (text: string) => void;
}

export interface BackupResult {
  /** The checksum stored in the file (of its contents), which restore checks. */
  sha256: string;
  /** The sha256 of the file's bytes, as `sha256sum` prints it. */
  fileSha256: string;
  tables: number;
  rows: number;
  files: number;
  /** pg-boss jobs waiting or running when the snapshot was taken; they are not in the backup. */
  pendingJobs: number;
}

const PAGE_ROWS = 1000;

/**
 * One file holding every app table, read in ONE repeatable-read transaction so that all tables
 * come from the same moment, then the uploaded pictures. pg-boss's queue is left out on purpose:
 * its tables belong to pg-boss's own version and are recreated empty on the next start, so jobs
 * still queued at backup time are dropped (the count is reported so an operator can wait).
 */
export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const progress = options.progress ?? (() => {});
  const own =
    typeof options.database === 'string'
      ? new pg.Client({ connectionString: options.database })
      : undefined;
  if (own) await own.connect();
  const client = own ?? (options.database as pg.ClientBase);
  // Written aside and renamed when complete: an existing backup of that name stays whole until
  // the new one is, and no half-written file ever carries the backup's name.
  const partial = `${options.file}.${randomBytes(4).toString('hex')}.partial`;
  const writer = await openBackupWriter(partial);
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      source: options.source,
      migrations: await appliedMigrations(client),
      pictures:
        options.pictures.kind === 'disk'
          ? { kind: 'disk' }
          : { kind: 's3', bucket: options.pictures.bucket },
    };
    if (header.migrations.length === 0)
      throw new Error(
        'This database has never been migrated: there is no Alumnet data to back up.',
      );
    await writer.line(header);

    const tables = await appTables(client);
    let rows = 0;
    for (const [index, table] of tables.entries()) {
      const { rows: countRows } = await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM ${ident(table.name)}`,
      );
      const count = Number(countRows[0]?.n ?? 0);
      await writer.line({ table: table.name, columns: table.columns, rows: count });
      const label = `${table.name} (${index + 1}/${tables.length})`;
      progress(`database: ${label}`);
      // A cursor reads the table in pages without holding it all in memory.
      await client.query(
        `DECLARE backup_rows NO SCROLL CURSOR FOR
         SELECT row_to_json(r)::text AS json
         FROM (SELECT ${table.columns.map(ident).join(', ')} FROM ${ident(table.name)}) r`,
      );
      for (let done = 0; ;) {
        const page = await client.query<{ json: string }>(
          `FETCH FORWARD ${PAGE_ROWS} FROM backup_rows`,
        );
        if (page.rows.length === 0) break;
        await writer.line(`[${page.rows.map((r) => r.json).join(',')}]`);
        done += page.rows.length;
        if (count > PAGE_ROWS) progress(`database: ${label} ${done}/${count} rows`);
      }
      await client.query('CLOSE backup_rows');
      rows += count;
    }
    for (const sequence of await sequenceValues(client))
      await writer.line({ sequence: sequence.name, value: sequence.value });
    const pendingJobs = await countPendingJobs(client);
    await client.query('COMMIT');

    // Pictures are listed after the snapshot: a stored name is never reused or changed, so
    // every picture the snapshot refers to is already on disk.
    let files = 0;
    if (options.pictures.kind === 'disk') {
      const keys = await pictureKeys(options.pictures.dir);
      for (const key of keys) {
        const data = await readFile(path.join(options.pictures.dir, key));
        await writer.line({ file: key, data: data.toString('base64') });
        files += 1;
        progress(`pictures: ${files}/${keys.length}`);
      }
    }
    const sha256 = await writer.finish({ tables: tables.length, rows, files });
    await rename(partial, options.file);
    return {
      sha256,
      fileSha256: await fileSha256(options.file),
      tables: tables.length,
      rows,
      files,
      pendingJobs,
    };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    await writer.abort();
    await rm(partial, { force: true });
    throw error;
  } finally {
    await own?.end().catch(() => {});
  }
}

async function countPendingJobs(client: pg.ClientBase) {
  const { rows } = await client.query<{ present: boolean }>(
    `SELECT to_regclass('pgboss.job') IS NOT NULL AS present`,
  );
  if (!rows[0]?.present) return 0;
  const { rows: counted } = await client.query<{ n: string }>(
    `SELECT count(*) AS n FROM pgboss.job WHERE state IN ('created', 'retry', 'active')`,
  );
  return Number(counted[0]?.n ?? 0);
}

/** The storage keys under the uploads folder (`name` or `folder/name`), as the disk driver names them. */
async function pictureKeys(dir: string): Promise<string[]> {
  const keys: string[] = [];
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return [];
    throw error;
  });
  for (const entry of entries) {
    if (entry.isFile()) keys.push(entry.name);
    else if (entry.isDirectory())
      for (const inner of await readdir(path.join(dir, entry.name), { withFileTypes: true }))
        if (inner.isFile()) keys.push(`${entry.name}/${inner.name}`);
  }
  // Temporary files of a write in progress (".x.tmp") and anything else no key can name stay out.
  return keys.filter(isStorageKey).sort();
}

function isStorageKey(key: string) {
  try {
    assertStorageKey(key);
    return true;
  } catch {
    return false;
  }
}
