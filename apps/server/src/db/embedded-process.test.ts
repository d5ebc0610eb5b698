import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../ops/outages';
import { loginOn, startServer, type ServerProcess } from '../test/server-process';
import { startEmbeddedPostgres } from './embedded';
import { spawnEmbeddedPostgres } from './embedded-supervisor';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The embedded database process a portal (or this test process) forked, if one runs. */
function databaseProcessOf(parent: number) {
  for (const task of readdirSync(`/proc/${parent}/task`)) {
    const children = readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8').split(' ');
    for (const child of children.filter(Boolean).map(Number)) {
      try {
        if (readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('embedded-process'))
          return child;
      } catch {
        // gone meanwhile
      }
    }
  }
  return undefined;
}

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const found = await probe();
    if (found !== undefined) return found;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

const MARK = `db-process-${Date.now()}`;

// About the embedded database only: .ci/run's second pass, on PostgreSQL, would just repeat it.
describe.skipIf(process.env.TEST_DATABASE_URL)(
  'the embedded database in a process of its own',
  { timeout: 300_000 },
  () => {
    const work = mkdtempSync(path.join(tmpdir(), 'alumnet-db-process-'));
    const servers: ServerProcess[] = [];
    afterAll(() => {
      for (const server of servers)
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
      rmSync(work, { recursive: true, force: true });
    });

    it('answers 503 at once while its database process is away, brings it back by itself and loses no acknowledged write', async () => {
      const dataDir = path.join(work, 'portal');
      const server = await startServer({
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        LOG_LEVEL: 'warn',
        WEB_DIST: '/nonexistent',
      });
      servers.push(server);
      const first = databaseProcessOf(server.child.pid!);
      expect(first).toBeDefined();
      const writers = await Promise.all(
        [
          'member@demo.alumnet.dev',
          'member2@demo.alumnet.dev',
          'admin@demo.alumnet.dev',
          'other@demo.alumnet.dev',
        ].map((email) => loginOn(server, email)),
      );

      const acknowledged: string[] = [];
      const answers: { status: number; ms: number; message?: string }[] = [];
      let killedAt: number | undefined;
      const streams = writers.map(async (writer, w) => {
        let afterKill = 0;
        // 30 posts a minute is each member's limit; the outage must not run a writer into it.
        for (let i = 0; i < 28 && afterKill < 3; i += 1) {
          const started = Date.now();
          const response = await fetch(`${server.url}/api/posts/add`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: writer.cookie },
            body: JSON.stringify({ message: `${MARK} ${w}-${i}`, accessLevel: 'college' }),
            signal: AbortSignal.timeout(15_000),
          });
          const body = (await response.json()) as { _id?: string; message?: string };
          answers.push({
            status: response.status,
            ms: Date.now() - started,
            message: body.message,
          });
          if (response.ok) {
            acknowledged.push(body._id!);
            if (killedAt !== undefined && started > killedAt) afterKill += 1;
          }
          if (acknowledged.length >= 12 && killedAt === undefined) {
            killedAt = Date.now();
            process.kill(first!, 'SIGKILL');
          }
          await sleep(response.status === 503 ? 400 : 100);
        }
      });
      await Promise.all(streams);

      expect(killedAt).toBeDefined();
      const refused = answers.filter((answer) => answer.status === 503);
      expect(refused.length).toBeGreaterThan(0);
      expect(refused[0]!.message).toMatch(/cannot reach its database/);
      // Nothing else went wrong, and nothing waited for the database to come back.
      expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 503)).toEqual(
        [],
      );
      expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(5_000);

      // It came back by itself, as a new process, and every writer wrote again afterwards.
      const second = databaseProcessOf(server.child.pid!);
      expect(second).toBeDefined();
      expect(second).not.toBe(first);
      expect(answers.at(-1)!.status).toBe(200);
      const output = server.output.join('');
      expect(output).toMatch(/the embedded database process died; restarting it/);
      expect(output).toMatch(/the embedded database is back after/);

      // Stopped cleanly after a restart, the folder is closed and holds every acknowledged post.
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(databaseProcessOf(process.pid)).toBeUndefined();
      expect(existsSync(path.join(dataDir, 'pg/postmaster.pid'))).toBe(false);
      const embedded = await startEmbeddedPostgres(path.join(dataDir, 'pg'));
      try {
        const rows = (await query(
          embedded.url,
          `SELECT id FROM posts WHERE message LIKE '${MARK}%'`,
        )) as { id: string }[];
        const stored = new Set(rows.map((row) => row.id));
        expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
      } finally {
        await embedded.stop();
      }
    });

    it('restarts a dead database process on the same address, and gives up when it keeps dying', async () => {
      const logged: string[] = [];
      const log = {
        info: (_: unknown, message?: string) => logged.push(`info ${message}`),
        warn: (_: unknown, message?: string) => logged.push(`warn ${message}`),
        error: (_: unknown, message?: string) => logged.push(`error ${message}`),
        fatal: (_: unknown, message?: string) => logged.push(`fatal ${message}`),
      };
      let gaveUp = false;
      const embedded = await spawnEmbeddedPostgres(path.join(work, 'supervised'), {
        log: log as never,
        maxCrashes: 2,
        onGiveUp: () => (gaveUp = true),
      });
      try {
        await query(embedded.url, 'CREATE TABLE kept (v int); INSERT INTO kept VALUES (1)');
        const first = embedded.pid!;
        process.kill(first, 'SIGKILL');
        // While it is away a connection is refused at once, as an outage the app recognises.
        const refusal = await until('the refusal', () =>
          query(embedded.url, 'SELECT 1').then(
            () => undefined,
            (error: unknown) => error,
          ),
        );
        expect(isDatabaseUnavailable(refusal)).toBe(true);

        const rows = await until('the restart', () =>
          query(embedded.url, 'SELECT v FROM kept').catch(() => undefined),
        );
        expect(rows).toEqual([{ v: 1 }]);
        expect(embedded.pid).not.toBe(first);
        expect(logged.filter((line) => line.startsWith('error'))).toHaveLength(1);

        // The second death within the minute is one too many.
        process.kill(embedded.pid!, 'SIGKILL');
        await until('giving up', () => (gaveUp ? true : undefined));
        expect(logged.at(-1)).toMatch(/^fatal the embedded database process died 2 times/);
        await sleep(1_000);
        expect(embedded.pid).toBeUndefined();
        expect(databaseProcessOf(process.pid)).toBeUndefined();
      } finally {
        await embedded.stop();
      }
    });
  },
);
