import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectClient } from '../realtime/test-clients';
import { loginOn, startServer, type ServerProcess } from '../test/server-process';
import { slowLogin } from '../test/slow-login';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// About the embedded database only: .ci/run's second pass, on PostgreSQL, would just repeat it.
describe.skipIf(process.env.TEST_DATABASE_URL)(
  'graceful shutdown of the embedded portal (SIGTERM)',
  () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'alumnet-shutdown-'));
    const env = {
      NODE_ENV: 'production',
      COOKIE_SECURE: 'false',
      DATA_DIR: dataDir,
      // The embedded database, one process, whatever the test run's environment says.
      DATABASE_URL: '',
      REDIS_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
      WEB_DIST: '/nonexistent',
    };
    let server: ServerProcess | undefined;

    afterAll(() => {
      if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('finishes the request in flight, closes sockets for a reconnect, and exits 0 within 10 s', async () => {
      server = await startServer(env);
      const { url, child } = server;
      const member = await loginOn(server, 'member@demo.alumnet.dev');
      const chat = await connectClient(url, { cookie: member.cookie });
      const disconnected = new Promise<string>((resolve) =>
        chat.socket.once('disconnect', resolve),
      );

      const inFlight = slowLogin(url);
      await sleep(300);
      const exited = new Promise<{ code: number | null; ms: number }>((resolve) => {
        const started = Date.now();
        child.once('exit', (code) => resolve({ code, ms: Date.now() - started }));
      });
      child.kill('SIGTERM');
      await sleep(500);

      // No longer accepting: a new connection is refused while the old request is still open.
      await expect(fetch(`${url}/healthz`)).rejects.toThrow();
      // The chat connection was closed by the server going away, not by a "go away" disconnect:
      // Socket.IO clients reconnect by themselves after "transport close" (not after
      // "io server disconnect").
      expect(await disconnected).toBe('transport close');

      inFlight.finish();
      const answer = await inFlight.answer;
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ _id: member.id });

      const { code, ms } = await exited;
      expect(code).toBe(0);
      expect(ms).toBeLessThan(10_000);
      const output = server.output.join('');
      expect(output).toContain('shutting down: finishing requests in flight');
      expect(output).toContain('stopped cleanly');
      chat.close();

      // The database was left whole: the next start opens it and the member signs in.
      server = await startServer(env);
      expect((await loginOn(server, 'member@demo.alumnet.dev')).id).toBe(member.id);
      const stopped = new Promise((resolve) => server!.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      expect(await stopped).toBe(0);
    }, 180_000);
  },
);
