import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { fileTypeFromBuffer } from 'file-type';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder } from '../paths';
import type { Storage } from '../storage';
import { appliedMigrations, appTables, ident, rowCounts, type AppTable } from './backup-catalog';
import { readBackup, verifyBackup, type BackupHeader } from './backup-format';

export interface RestoreOptions {
  /** Reached with one `pg` connection: PostgreSQL, or the embedded server this tool started. */
  databaseUrl: string;
  file: string;
  /** Replace whatever the target holds; without it a target with data is refused. */
  force?: boolean;
  /** Where the backup's pictures go; absent: they are not restored. */
  storage?: Storage;
  progress?: (text: string) => void;
}

export interface RestoreResult {
  tables: number;
  rows: number;
  files: number;
  pictures: BackupHeader['pictures'];
}

/** A restore that was refused before anything was written; the message says what to do. */
export class RestoreRefusedError extends Error {}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/**
 * Checks the whole file, brings the target's schema to the backup's migration, loads every table
 * in ONE transaction (a failure leaves the target as it was), migrates forward to this version's
 * schema, then writes the pictures.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const progress = options.progress ?? (() => {});
  progress('checking the backup file');
  const { header } = await verifyBackup(options.file);
  const journal = await readJournal();
  const backupLevel = levelOf(header.migrations, journal);

  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    const targetLevel = levelOf(await appliedMigrations(client), journal);
    if (targetLevel > 0) {
      const counts = await rowCounts(client, await appTables(client));
      const filled = Object.entries(counts).filter(([, n]) => n > 0);
      if (filled.length > 0 && !options.force) {
        const sample = filled
          .sort((a, b) => b[1] - a[1])
          .slice(0, 4)
          .map(([table, n]) => `${table}: ${n}`)
          .join(', ');
        throw new RestoreRefusedError(
          `The target database already holds data (${sample}, …). Restore into an empty database, or add --force to replace everything in it.`,
        );
      }
      if (targetLevel > backupLevel)
        throw new RestoreRefusedError(
          `The target database has a newer schema (migration ${journal[targetLevel - 1]!.tag}) than the backup (${journal[backupLevel - 1]!.tag}). Restore into an empty database (a new DATA_DIR or a new PostgreSQL database); the restore migrates the data forward itself.`,
        );
    }

    // The rows fit the schema they were read from: build that first, migrate forward after.
    progress('preparing the schema');
    await migrateToLevel(client, journal, backupLevel);
    const tables = await appTables(client);
    const loaded = await loadTables(client, tables, options.file, progress);
    if (backupLevel < journal.length) {
      progress('migrating the restored data forward');
      await migrate(drizzle(client), { migrationsFolder });
    }

    let files = 0;
    if (header.pictures.kind === 'disk' && options.storage) {
      const storage = options.storage;
      await readBackup(options.file, async (line) => {
        if (line.kind !== 'file') return;
        const bytes = Buffer.from(line.value.data, 'base64');
        const type = await fileTypeFromBuffer(bytes);
        await storage.put(line.value.file, bytes, type?.mime ?? 'application/octet-stream');
        files += 1;
        progress(`pictures: ${files}`);
      });
    }
    return { tables: loaded.tables, rows: loaded.rows, files, pictures: header.pictures };
  } finally {
    await client.end().catch(() => {});
  }
}

async function loadTables(
  client: pg.Client,
  tables: AppTable[],
  file: string,
  progress: (text: string) => void,
) {
  const known = new Map(tables.map((t) => [t.name, new Set(t.columns)]));
  let insert: string | undefined;
  let current: { name: string; rows: number; done: number } | undefined;
  let tableCount = 0;
  let rowCount = 0;

  await client.query('BEGIN');
  try {
    // Everything the target held goes, in the same transaction as the load: with --force the
    // old data stays if the load fails. Queued jobs would point at rows that are gone. The audit
    // log refuses TRUNCATE unless a restore says it is one (migration 0013), for this
    // transaction only.
    await client.query(`SET LOCAL alumnet.restoring = 'on'`);
    await client.query(`TRUNCATE ${tables.map((t) => ident(t.name)).join(', ')} RESTART IDENTITY`);
    const { rows: boss } = await client.query<{ present: boolean }>(
      `SELECT to_regclass('pgboss.job') IS NOT NULL AS present`,
    );
    if (boss[0]?.present) await client.query('DELETE FROM pgboss.job');
    // The app's triggers keep derived tables (directory_names) in step with users; those tables
    // are in the backup already, so the triggers must not count the users a second time.
    // Foreign keys stay on: the file lists parents first.
    for (const { name } of tables)
      await client.query(`ALTER TABLE ${ident(name)} DISABLE TRIGGER USER`);

    await readBackup(file, async (line) => {
      if (line.kind === 'table') {
        const columns = known.get(line.value.table);
        if (!columns)
          throw new Error(
            `The backup has a table "${line.value.table}" that this version's schema lacks.`,
          );
        // Columns the target lacks are refused; columns the backup lacks take their defaults.
        const missing = line.value.columns.filter((c) => !columns.has(c));
        if (missing.length > 0)
          throw new Error(
            `Table "${line.value.table}" in the backup has columns this schema lacks: ${missing.join(', ')}.`,
          );
        const list = line.value.columns.map(ident).join(', ');
        insert = `INSERT INTO ${ident(line.value.table)} (${list}) OVERRIDING SYSTEM VALUE
          SELECT ${list} FROM json_populate_recordset(null::${ident(line.value.table)}, $1::json)`;
        current = { name: line.value.table, rows: line.value.rows, done: 0 };
        tableCount += 1;
        progress(`database: ${current.name} (${tableCount}/${tables.length})`);
      } else if (line.kind === 'rows') {
        if (!insert || !current) throw new Error('The backup has rows before any table.');
        const result = await client.query(insert, [line.json]);
        current.done += result.rowCount ?? 0;
        rowCount += result.rowCount ?? 0;
        if (current.rows > 1000)
          progress(`database: ${current.name} ${current.done}/${current.rows} rows`);
      } else if (line.kind === 'sequence') {
        await client.query(
          `SELECT setval(to_regclass($1), coalesce($2::bigint, 1), $2 IS NOT NULL)
           WHERE to_regclass($1) IS NOT NULL`,
          [ident(line.value.sequence), line.value.value],
        );
      }
    });

    for (const { name } of tables)
      await client.query(`ALTER TABLE ${ident(name)} ENABLE TRIGGER USER`);
    // readBackup has checked the checksum again by now: a file changed since the first check
    // is rolled back here instead of committed.
    await client.query('COMMIT');
    return { tables: tableCount, rows: rowCount };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

export async function readJournal(): Promise<JournalEntry[]> {
  const text = await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8');
  return (JSON.parse(text) as { entries: JournalEntry[] }).entries;
}

/** How many of this version's migrations a database's applied list amounts to. */
function levelOf(applied: { createdAt: number }[], journal: JournalEntry[]) {
  const last = applied.at(-1);
  if (!last) return 0;
  const index = journal.findIndex((entry) => entry.when === last.createdAt);
  if (index >= 0) return index + 1;
  if (last.createdAt > journal.at(-1)!.when)
    throw new RestoreRefusedError(
      'This backup (or the target database) was made by a newer Alumnet version. Upgrade Alumnet, then restore.',
    );
  throw new RestoreRefusedError(
    'This backup (or the target database) has a migration this Alumnet version does not know.',
  );
}

/**
 * Runs this version's first `level` migrations (the upgrade test uses it to make a database as an
 * older version left it): a copy of the migrations folder whose journal
 * stops there, which Drizzle's migrator reads like the real one.
 */
export async function migrateToLevel(client: pg.Client, journal: JournalEntry[], level: number) {
  const folder = await mkdtemp(path.join(tmpdir(), 'alumnet-migrations-'));
  try {
    const entries = journal.slice(0, level);
    const meta = JSON.parse(
      await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
    ) as Record<string, unknown>;
    await mkdir(path.join(folder, 'meta'));
    await writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...meta, entries }));
    for (const { tag } of entries)
      await copyFile(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
    await migrate(drizzle(client), { migrationsFolder: folder });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
