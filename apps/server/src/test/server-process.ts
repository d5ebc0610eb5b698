import type { MfaNeed } from '@alumnet/contract';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../lib/free-port';
import { passSecondFactor, postOverHttp } from './second-factor';

export { freePort };

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: string[];
}

/** apps/server/src/main.ts as its own process, as production runs it: resolves once it answers. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, child, output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start:\n${output.join('')}`);
}

/** Signs a demo account in on a server process: its session cookie (`name=value`) and id. */
export async function loginOn(server: ServerProcess, userName: string) {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password: 'alumnet-demo' }),
  });
  if (!response.ok) throw new Error(`login as ${userName} failed: ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('alumnet_session='));
  if (!cookie) throw new Error('no session cookie');
  const user = (await response.json()) as { _id: string; mfa: MfaNeed };
  const session = cookie.split(';')[0]!;
  // The demo admins pass their second step as a person would (test/second-factor.ts).
  await passSecondFactor(postOverHttp(server.url, session), `${server.url}:${userName}`, user.mfa);
  return { cookie: session, id: user._id };
}
