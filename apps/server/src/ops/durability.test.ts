import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded';
import { runMigrations } from '../db/migrate';
import { loginOn, startServer, type ServerProcess } from '../test/server-process';
import { migrateToLevel, readJournal } from './restore';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));

/** `npm run backup` / `npm run restore` as an operator runs them: exit code and what they print. */
function runTool(tool: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', `apps/server/src/ops/${tool}-cli.ts`, ...args],
      { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function stop(server: ServerProcess, signal: NodeJS.Signals) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  await exited;
}

/** Opens a stopped portal's data folder directly and runs one query on it. */
async function inDataFolder<T extends pg.QueryResultRow>(dataDir: string, text: string) {
  const embedded = await startEmbeddedPostgres(path.join(dataDir, 'pg'));
  const client = new pg.Client({ connectionString: embedded.url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
    await embedded.stop();
  }
}

const MARK = `durability-${Date.now()}`;

// About the embedded database only: .ci/run's second pass, on PostgreSQL, would just repeat it.
describe.skipIf(process.env.TEST_DATABASE_URL)(
  'the embedded database on disk',
  { timeout: 300_000 },
  () => {
    const work = mkdtempSync(path.join(tmpdir(), 'alumnet-durability-'));
    const servers: ServerProcess[] = [];
    afterAll(async () => {
      for (const server of servers) await stop(server, 'SIGKILL');
      rmSync(work, { recursive: true, force: true });
    });

    it('keeps every acknowledged post when the server is killed with SIGKILL mid-stream, and backs up and restores the result', async () => {
      const dataDir = path.join(work, 'data');
      const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent' };
      const first = await startServer(env);
      servers.push(first);
      // Three writers at once (30 posts a minute each is the per-member limit).
      const writers = await Promise.all(
        ['member@demo.alumnet.dev', 'member2@demo.alumnet.dev', 'admin@demo.alumnet.dev'].map(
          (email) => loginOn(first, email),
        ),
      );
      const acknowledged: string[] = [];
      const refusals: string[] = [];
      let killed = false;
      const streams = writers.map(async (writer, w) => {
        for (let i = 0; i < 25 && !killed; i += 1) {
          try {
            const response = await fetch(`${first.url}/api/posts/add`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', cookie: writer.cookie },
              body: JSON.stringify({ message: `${MARK} ${w}-${i}`, accessLevel: 'college' }),
            });
            if (response.ok) acknowledged.push(((await response.json()) as { _id: string })._id);
            else refusals.push(`${response.status} ${await response.text()}`);
          } catch {
            return; // the server is gone: this write was never acknowledged
          }
          // Killed while writes are in flight, once enough have been answered.
          if (acknowledged.length >= 30 && !killed) {
            killed = true;
            first.child.kill('SIGKILL');
          }
        }
      });
      await Promise.all(streams);
      await stop(first, 'SIGKILL');
      expect(refusals).toEqual([]);
      expect(killed).toBe(true);
      expect(acknowledged.length).toBeGreaterThanOrEqual(30);

      // Killed, the folder still looks open: the tools refuse it rather than risk it.
      const refused = await runTool('backup', [path.join(work, 'refused.backup')], env);
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/in use by a running portal[\s\S]*Stop the portal first/);

      // Restarted, it recovers. Running, it makes its own backup when asked (the folder cannot be
      // opened twice), and answers its members meanwhile.
      const second = await startServer(env);
      servers.push(second);
      const liveFile = path.join(work, 'live.backup');
      const [live, member] = await Promise.all([
        runTool('backup', [liveFile], env),
        loginOn(second, 'member@demo.alumnet.dev'),
      ]);
      expect(live.output).toMatch(/Asking the running portal \(process \d+\)/);
      expect(live.output).toMatch(/Backup written: \d+ tables, \d+ rows/);
      expect(live.code).toBe(0);
      expect(member.id).toBeTruthy();
      // Only with the token from the data folder.
      const stranger = await fetch(`${second.url}/internal/backup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer guess' },
        body: JSON.stringify({ file: path.join(work, 'stolen.backup') }),
      });
      expect(stranger.status).toBe(401);
      expect(existsSync(path.join(work, 'stolen.backup'))).toBe(false);
      // Stopped cleanly, the folder is closed and can be read, and no longer names a portal.
      await stop(second, 'SIGTERM');
      expect(existsSync(path.join(dataDir, 'pg/postmaster.pid'))).toBe(false);
      expect(existsSync(path.join(dataDir, 'portal.json'))).toBe(false);
      const found = await inDataFolder<{ id: string }>(
        dataDir,
        `SELECT id FROM posts WHERE message LIKE '${MARK}%'`,
      );
      const ids = new Set(found.map((row) => row.id));
      expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);

      // Stopped, `npm run backup` opens the folder itself. The backup the running portal made goes
      // through `npm run restore` into a new data folder.
      const file = path.join(work, 'portal.backup');
      const backup = await runTool('backup', [file], env);
      expect(backup.output).toMatch(/Backup written: \d+ tables, \d+ rows/);
      expect(backup.output).toMatch(/checksum sha256:[0-9a-f]{64}/);
      expect(backup.code).toBe(0);
      const movedDir = path.join(work, 'moved');
      const restore = await runTool('restore', [liveFile], { ...env, DATA_DIR: movedDir });
      expect(restore.output).toMatch(/Restored: \d+ tables/);
      expect(restore.code).toBe(0);
      const again = await runTool('restore', [file], { ...env, DATA_DIR: movedDir });
      expect(again.code).toBe(1);
      expect(again.output).toMatch(/already holds data/);
      const moved = await inDataFolder<{ id: string }>(
        movedDir,
        `SELECT id FROM posts WHERE message LIKE '${MARK}%'`,
      );
      expect(new Set(moved.map((row) => row.id))).toEqual(ids);
    });

    it('migrates a data folder made by the previous migration set forward, keeping its rows', async () => {
      const folder = path.join(work, 'older/pg');
      const journal = await readJournal();
      const older = await startEmbeddedPostgres(folder);
      const client = new pg.Client({ connectionString: older.url });
      await client.connect();
      await migrateToLevel(client, journal, journal.length - 1);
      await client.query(`INSERT INTO colleges (name) VALUES ('Older College')`);
      await client.end();
      await older.stop();

      // What main.ts does on start: open the folder and run this version's migrations.
      const reopened = await startEmbeddedPostgres(folder);
      const { db, pool, close } = createDatabase(reopened.url, reopened.poolSize);
      try {
        await runMigrations(db);
        const { rows: applied } = await pool.query('SELECT * FROM drizzle.__drizzle_migrations');
        expect(applied).toHaveLength(journal.length);
        const { rows } = await pool.query(`SELECT name FROM colleges`);
        expect(rows).toEqual([{ name: 'Older College' }]);
      } finally {
        await close();
        await reopened.stop();
      }
    });
  },
);
