import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { adminQuery, databaseUrl } from '../db/admin';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded';
import { createDiskStorage } from '../storage/disk';
import { createTestDatabase } from '../test/build';
import { createBackup } from './backup';
import { appTables, ident } from './backup-catalog';
import { BackupFileError } from './backup-format';
import { restoreBackup, RestoreRefusedError } from './restore';

/** Every table's row count and a fingerprint of all its rows, as one database sees them. */
async function snapshot(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Timestamps print in the session's zone: the same zone on both sides.
    await client.query(`SET TIME ZONE 'UTC'`);
    const result: Record<string, { rows: number; md5: string | null }> = {};
    for (const table of await appTables(client)) {
      const cols = table.columns.map(ident).join(', ');
      const { rows } = await client.query<{ n: string; md5: string | null }>(
        `SELECT count(*) AS n, md5(string_agg(j, E'\\n' ORDER BY j)) AS md5
         FROM (SELECT row_to_json(r)::text AS j FROM (SELECT ${cols} FROM ${ident(table.name)}) r) x`,
      );
      result[table.name] = { rows: Number(rows[0]!.n), md5: rows[0]!.md5 };
    }
    return result;
  } finally {
    await client.end();
  }
}

async function query<T extends pg.QueryResultRow>(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** Rewrites a backup's contents and gives it a checksum that matches again. */
function rewriteBackup(file: string, change: (lines: string[]) => string[]) {
  const lines = gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n');
  const body = change(lines.slice(0, -1));
  const text = body.map((l) => `${l}\n`).join('');
  const end = JSON.parse(lines.at(-1)!) as Record<string, unknown>;
  end.sha256 = createHash('sha256').update(text).digest('hex');
  const out = `${file}.rewritten`;
  writeFileSync(out, gzipSync(`${text}${JSON.stringify(end)}\n`));
  return out;
}

const serverUrl = process.env.TEST_DATABASE_URL;

// Each step loads the whole demo portal (134,000 cities among it) into a database: not quick.
describe('backup and restore', { timeout: 120_000 }, () => {
  const work = mkdtempSync(path.join(tmpdir(), 'alumnet-backup-'));
  const backupFile = path.join(work, 'portal.alumnet-backup');
  const picture = randomBytes(3000);
  let source: Awaited<ReturnType<typeof createTestDatabase>>;
  let embedded: EmbeddedPostgres | undefined;
  const scratch: string[] = [];

  beforeAll(async () => {
    source = await createTestDatabase();
    const uploads = path.join(work, 'uploads');
    await createDiskStorage(uploads).put('thumbs/portrait.jpg', picture, 'image/jpeg');
    const result = await createBackup({
      database: source.url,
      source: 'embedded',
      file: backupFile,
      pictures: { kind: 'disk', dir: uploads },
    });
    expect(result.files).toBe(1);
    expect(result.rows).toBeGreaterThan(1000);
    expect(result.sha256).toMatch(/^[0-9a-f]{64}$/);
  }, 120_000);
  afterAll(async () => {
    await embedded?.stop();
    await source.drop();
    for (const name of scratch)
      await adminQuery(serverUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    rmSync(work, { recursive: true, force: true });
  });

  it('restores the demo portal into a fresh embedded data folder: every table, every row, the pictures', async () => {
    embedded = await startEmbeddedPostgres(path.join(work, 'restored-pg'));
    const restoredUploads = path.join(work, 'restored-uploads');
    const result = await restoreBackup({
      databaseUrl: embedded.url,
      file: backupFile,
      storage: createDiskStorage(restoredUploads),
    });
    expect(result.files).toBe(1);
    const [before, after] = [await snapshot(source.url), await snapshot(embedded.url)];
    expect(after).toEqual(before);
    expect(before.users!.rows).toBeGreaterThan(100);
    expect(readFileSync(path.join(restoredUploads, 'thumbs/portrait.jpg'))).toEqual(picture);
    // Sequences moved on with the data: a new city takes a fresh id instead of colliding.
    const [city] = await query<{ id: number }>(
      embedded.url,
      `INSERT INTO cities (country_id, city_name) VALUES ('IN', 'Backup Test Town') RETURNING id`,
    );
    expect(city!.id).toBeGreaterThan(before.cities!.rows);
  });

  it.skipIf(!serverUrl)(
    'moves the restored embedded portal on to PostgreSQL with the same rows',
    async () => {
      const second = path.join(work, 'from-embedded.alumnet-backup');
      await query(embedded!.url, `DELETE FROM cities WHERE city_name = 'Backup Test Town'`);
      await createBackup({
        database: embedded!.url,
        source: 'embedded',
        file: second,
        pictures: { kind: 'disk', dir: path.join(work, 'restored-uploads') },
      });
      const name = `alumnet_restore_${randomBytes(4).toString('hex')}`;
      await adminQuery(serverUrl!, `CREATE DATABASE ${name}`);
      scratch.push(name);
      const target = databaseUrl(serverUrl!, name);
      await restoreBackup({ databaseUrl: target, file: second });
      expect(await snapshot(target)).toEqual(await snapshot(source.url));
    },
  );

  it('refuses a target that holds data, and with --force replaces it in one transaction', async () => {
    await expect(restoreBackup({ databaseUrl: embedded!.url, file: backupFile })).rejects.toThrow(
      RestoreRefusedError,
    );
    await expect(restoreBackup({ databaseUrl: embedded!.url, file: backupFile })).rejects.toThrow(
      /already holds data .*add --force/,
    );
    // A file whose checksum is right but whose rows break a foreign key halfway through the
    // load: with --force the target is emptied and refilled in one transaction, so it keeps
    // everything it had.
    const before = await snapshot(embedded!.url);
    const broken = rewriteBackup(backupFile, (lines) => {
      const posts = lines.findIndex((l) => l.startsWith('{"table":"posts"'));
      const rows = JSON.parse(lines[posts + 1]!) as { college_id: string }[];
      rows[0]!.college_id = '00000000-0000-4000-8000-000000000000';
      return lines.map((l, i) => (i === posts + 1 ? JSON.stringify(rows) : l));
    });
    await expect(
      restoreBackup({ databaseUrl: embedded!.url, file: broken, force: true }),
    ).rejects.toThrow(/foreign key/);
    expect(await snapshot(embedded!.url)).toEqual(before);
  });

  it('refuses a damaged file with a clear message and leaves the target untouched', async () => {
    const empty = await startEmbeddedPostgres();
    try {
      const bytes = readFileSync(backupFile);
      const truncated = path.join(work, 'truncated');
      writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
      const flipped = path.join(work, 'flipped');
      const copy = Buffer.from(bytes);
      copy[Math.floor(copy.length / 2)]! ^= 0x40;
      writeFileSync(flipped, copy);
      // Valid gzip, one character of a row changed: only the checksum can tell.
      const edited = rewriteBackup(backupFile, (lines) => lines);
      const editedText = gunzipSync(readFileSync(edited)).toString('utf8');
      writeFileSync(
        edited,
        gzipSync(editedText.replace('"Alumnet Institute', '"Alumnet Institutf')),
      );

      for (const file of [truncated, flipped, edited]) {
        const attempt = restoreBackup({ databaseUrl: empty.url, file });
        await expect(attempt).rejects.toThrow(BackupFileError);
        await expect(attempt).rejects.toThrow(/damaged .*Nothing was restored/);
      }
      const [untouched] = await query<{ tables: string }>(
        empty.url,
        `SELECT count(*) AS tables FROM information_schema.tables
         WHERE table_schema IN ('public', 'drizzle')`,
      );
      expect(Number(untouched!.tables)).toBe(0);
      await expect(
        restoreBackup({ databaseUrl: empty.url, file: path.join(work, 'missing') }),
      ).rejects.toThrow(/There is no file/);
    } finally {
      await empty.stop();
    }
  });
});
