import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createDatabase } from '../../db/client';
import { createTestDatabase, loginAs } from '../../test/build';

const redisUrl = process.env.TEST_REDIS_URL;

// Two web processes on one database and one Redis, as a cluster runs: what one of them learns
// ends a session must reach the other's session cache at once, not after its time runs out.
// CI runs this on PostgreSQL with Redis; PGlite takes one connection, so it cannot host two apps.
describe.skipIf(!redisUrl || !process.env.TEST_DATABASE_URL)(
  'session cache across processes',
  () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
    const pools: (() => Promise<void>)[] = [];

    beforeAll(async () => {
      database = await createTestDatabase();
      const config = loadConfig({
        NODE_ENV: 'test',
        WEB_DIST: '/nonexistent',
        REDIS_URL: redisUrl!,
        REDIS_PREFIX: `alumnet-sessions-${randomBytes(4).toString('hex')}:`,
        // Long enough that only the forwarded forget can explain a refusal within the test.
        SESSION_CACHE_SECONDS: '60',
      });
      for (let i = 0; i < 2; i++) {
        const { db, close } = createDatabase(database.url, 2);
        pools.push(close);
        const app = await buildApp({ config, db });
        await app.ready();
        apps.push(app);
      }
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      for (const close of pools) await close();
      await database?.drop();
    });

    const me = async (app: (typeof apps)[number], cookie: string) =>
      (await app.inject({ url: '/api/auth/me', headers: { cookie } })).json().user as {
        _id: string;
      } | null;

    it('ends a session on the other process as soon as it is logged out on one', async () => {
      const [one, two] = apps as [(typeof apps)[number], (typeof apps)[number]];
      const { cookie, user } = await loginAs(one, 'member@demo.alumnet.dev');
      // The second process now remembers the session.
      expect(await me(two, cookie)).toMatchObject({ _id: user._id });

      const logout = await one.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie },
      });
      expect(logout.statusCode).toBe(200);
      // Redis carries the forget; give it the moment a publish takes.
      let seen: unknown = 'still signed in';
      for (let i = 0; i < 50 && seen !== null; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        seen = await me(two, cookie);
      }
      expect(seen).toBeNull();
    });
  },
);
