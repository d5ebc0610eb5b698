import type { ChatMessage, NotificationsAnswer } from '@alumnet/contract';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOn, startServer, type ServerProcess } from '../test/server-process';
import { createTestDatabase } from '../test/build';
import { connectClient, type TestClient } from './test-clients';

const redisUrl = process.env.TEST_REDIS_URL;
const LEASE_SECONDS = 3;

async function send(server: ServerProcess, cookie: string, to: string, message: string) {
  const response = await fetch(`${server.url}/api/messages/send/${to}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ message }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as ChatMessage;
}

// CI sets TEST_REDIS_URL (and runs this file on PostgreSQL too); without Redis there is no
// cluster to test.
describe.skipIf(!redisUrl)('chat across two server processes on Redis', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let one: ServerProcess;
  let two: ServerProcess;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = {
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: `alumnet-cluster-${randomBytes(4).toString('hex')}:`,
      PRESENCE_LEASE_SECONDS: String(LEASE_SECONDS),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
    };
    [one, two] = await Promise.all([startServer(env), startServer(env)]);
  }, 240_000);

  afterAll(async () => {
    clients.forEach((client) => client.close());
    for (const server of [one, two]) {
      if (server && server.child.exitCode === null && server.child.signalCode === null) {
        const exited = new Promise((resolve) => server.child.once('exit', resolve));
        server.child.kill('SIGTERM');
        await exited;
      }
    }
    await database?.drop();
  }, 60_000);

  it('carries messages and presence between the processes, and forgets a dead one', async () => {
    const meera = await loginOn(one, 'member@demo.alumnet.dev');
    const rahul = await loginOn(two, 'member2@demo.alumnet.dev');
    const olivia = await loginOn(two, 'other@demo.alumnet.dev');

    const a = await connectClient(one.url, { cookie: meera.cookie });
    const b = await connectClient(two.url, { cookie: rahul.cookie });
    const c = await connectClient(two.url, { cookie: olivia.cookie });
    clients.push(a, b, c);

    // Presence is shared: each process lists the member connected to the other one.
    const both = (ids: string[]) => ids.includes(meera.id) && ids.includes(rahul.id);
    expect(await a.onlineWhen(both, 10_000)).not.toContain(olivia.id);
    expect(await b.onlineWhen(both, 10_000)).not.toContain(olivia.id);
    expect(await c.onlineWhen((ids) => ids.includes(olivia.id), 10_000)).toEqual([olivia.id]);

    // A message sent through process one reaches the member connected to process two, and back.
    const sent = await send(one, meera.cookie, rahul.id, 'Sent through process one');
    expect(await b.messageWhere((m) => m._id === sent._id, 10_000)).toEqual(sent);
    const reply = await send(two, rahul.cookie, meera.id, 'Answered through process two');
    expect(await a.messageWhere((m) => m._id === reply._id, 10_000)).toEqual(reply);
    expect(c.received).toEqual([]);

    // Rahul is connected (to process two), so the message sent through process one did not go
    // to his notifications as well.
    const listed = await fetch(`${two.url}/api/notifications`, {
      headers: { cookie: rahul.cookie },
    });
    const { notifications } = (await listed.json()) as NotificationsAnswer;
    expect(
      notifications.filter((n) => n.kind === 'chat_message' && n.target.id === meera.id),
    ).toEqual([]);

    // Process two dies without a word: its members drop off process one's list once their
    // leases run out.
    two.child.kill('SIGKILL');
    await new Promise((resolve) => two.child.once('exit', resolve));
    const after = await a.onlineWhen((ids) => !ids.includes(rahul.id), LEASE_SECONDS * 1000 + 5000);
    expect(after).toEqual([meera.id]);
  }, 60_000);
});
