import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../apps/server/src/lib/free-port';
import { SESSION_COOKIE } from '../apps/server/src/modules/auth/tokens';
import { DEMO_PASSWORD, freshTotpCode } from './demo-accounts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Everything the server process printed: its request log lines too. */
    serverLog: string;
    /** A signed-in session (its cookie's value) for each demo admin, by e-mail (browser.signIn). */
    demoAdminSessions: Record<string, string>;
  }
}

/**
 * Runs the real server process, as `npm start` does (the built server, rebuilt here when older than
 * its sources), on a scratch data folder (the embedded database with demo data), serving the built
 * web app.
 */
export default async function setup(project: TestProject) {
  const build = spawnSync(process.execPath, ['apps/server/build.mjs', '--if-stale'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the server did not build');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'alumnet-e2e-'));
  const port = await freePort();
  const server = spawn(
    process.execPath,
    ['--import', './apps/server/source-maps.mjs', 'apps/server/dist/main.js'],
    {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        // Each request is logged, as in production: the tests read the log for what must not be there.
        LOG_LEVEL: 'info',
        DATABASE_URL: '',
        // Every test logs in from 127.0.0.1: the production limit (20 a minute) would make the
        // suite's result depend on how fast it runs.
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        // Links in e-mails (the outbox) point where the browser reaches the server.
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const serverLog = path.join(dataDir, 'server.log');
  const log = createWriteStream(serverLog);
  server.stdout.pipe(log);
  server.stderr.pipe(log);
  // Kept in memory until the server is up, for the message if it never is.
  const keep = (chunk: Buffer) => (output += chunk);
  server.stdout.on('data', keep);
  server.stderr.on('data', keep);

  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  // A first start seeds everything: ~15 s on an idle machine, much more on a loaded one.
  const deadline = Date.now() + 240_000;
  for (;;) {
    const failure =
      server.exitCode !== null
        ? `server exited early:\n${output}`
        : Date.now() > deadline
          ? `server did not become ready:\n${output}`
          : null;
    if (failure) {
      await stop();
      throw new Error(failure);
    }
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  server.stdout.off('data', keep);
  server.stderr.off('data', keep);
  project.provide('baseUrl', baseUrl);
  project.provide('serverLog', serverLog);
  try {
    project.provide('demoAdminSessions', await signInDemoAdmins(baseUrl, String(port)));
  } catch (error) {
    await stop();
    throw error;
  }

  return stop;
}

/** The demo admins the tests act as, each signed in once here for the whole run (browser.signIn). */
const SHARED_SESSIONS = ['admin@demo.alumnet.dev', 'super@demo.alumnet.dev'];

/**
 * Signs each demo admin in through the API, password then authenticator code, as the login page
 * does. Done once: a sign-in in every test that needs an admin waited up to 30 seconds for an
 * authenticator step the account had not used yet.
 */
async function signInDemoAdmins(baseUrl: string, port: string) {
  const sessions: Record<string, string> = {};
  for (const userName of SHARED_SESSIONS) {
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName, password: DEMO_PASSWORD }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!.split('='))
      .find(([name]) => name === SESSION_COOKIE);
    if (!login.ok || !cookie)
      throw new Error(`${userName} could not sign in: ${await login.text()}`);
    const session = cookie.slice(1).join('=');
    const verify = await fetch(`${baseUrl}/api/auth/mfa/totp/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${session}` },
      body: JSON.stringify({ code: await freshTotpCode(port, userName) }),
    });
    if (!verify.ok)
      throw new Error(`${userName}'s second step was refused: ${await verify.text()}`);
    sessions[userName] = session;
  }
  return sessions;
}
