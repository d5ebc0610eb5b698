import { API } from '@alumnet/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, loginAs } from '../../test/build';
import { addressPrefix } from './place';
import { browserLabel } from './presenter';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];
interface Listed {
  _id: string;
  browser: string;
  place: string | null;
  lastSeenAt: string | null;
  current: boolean;
}

const list = async (app: App, cookie: string) => {
  const response = await app.inject({ method: 'GET', url: API.me.sessions, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return (response.json() as { sessions: Listed[] }).sessions;
};
describe('/api/me/sessions and /api/me/password', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const alive = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: API.me.sessions, headers: { cookie } }))
      .statusCode === 200;

  it('refuses a visitor', async () => {
    expect((await t.app.inject({ method: 'GET', url: API.me.sessions })).statusCode).toBe(401);
    const ended = await t.app.inject({ method: 'POST', url: API.me.endOtherSessions });
    expect(ended.statusCode).toBe(401);
  });

  it('records the browser and the address prefix of a call, and lists them', async () => {
    const laptop = await loginAs(t.app, 'member@demo.alumnet.dev');
    const phone = await loginAs(t.app, 'member@demo.alumnet.dev');
    await t.app.inject({
      method: 'GET',
      url: API.auth.me,
      headers: { cookie: laptop.cookie, 'user-agent': FIREFOX },
      remoteAddress: '203.0.113.77',
    });
    await t.app.inject({
      method: 'GET',
      url: API.auth.me,
      headers: { cookie: phone.cookie, 'user-agent': SAFARI },
      remoteAddress: '2001:db8:1:2::5',
    });
    await vi.waitFor(async () => {
      const sessions = await list(t.app, laptop.cookie);
      const mine = sessions.find((s) => s.current)!;
      expect(mine).toMatchObject({ browser: 'Firefox 132 on Windows', place: '203.0.113.x' });
      expect(mine.lastSeenAt).not.toBeNull();
      const other = sessions.find((s) => s.browser.startsWith('Safari'))!;
      expect(other).toMatchObject({ place: '2001:db8:1::/48', current: false });
    });
    // Newest seen first: the phone called last.
    const sessions = await list(t.app, laptop.cookie);
    expect(sessions[0]!.browser).toMatch(/^Safari 17 on iOS/);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
  });

  it('writes a session at most once in five minutes', async () => {
    const { cookie } = await loginAs(t.app, 'member2@demo.alumnet.dev');
    await t.app.inject({
      method: 'GET',
      url: API.auth.me,
      headers: { cookie, 'user-agent': FIREFOX },
    });
    await vi.waitFor(async () =>
      expect((await list(t.app, cookie)).find((s) => s.current)!.browser).toMatch(/^Firefox/),
    );
    await t.app.inject({
      method: 'GET',
      url: API.auth.me,
      headers: { cookie, 'user-agent': SAFARI },
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await list(t.app, cookie)).find((s) => s.current)!.browser).toMatch(/^Firefox/);
  });

  it("ends one of the caller's sessions, and only the caller's", async () => {
    const here = await loginAs(t.app, 'member@demo.alumnet.dev');
    const there = await loginAs(t.app, 'member@demo.alumnet.dev');
    const stranger = await loginAs(t.app, 'member2@demo.alumnet.dev');
    const strangers = await list(t.app, stranger.cookie);
    const strangerCurrent = strangers.find((s) => s.current)!;

    const foreign = await t.app.inject({
      method: 'DELETE',
      url: API.me.session(strangerCurrent._id),
      headers: { cookie: here.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    expect(await alive(stranger.cookie)).toBe(true);

    const thereId = (await list(t.app, there.cookie)).find((s) => s.current)!._id;
    const ended = await t.app.inject({
      method: 'DELETE',
      url: API.me.session(thereId),
      headers: { cookie: here.cookie },
    });
    expect(ended.statusCode).toBe(200);
    expect(await alive(there.cookie)).toBe(false);
    expect(await alive(here.cookie)).toBe(true);
    expect((await list(t.app, here.cookie)).map((s) => s._id)).not.toContain(thereId);

    const again = await t.app.inject({
      method: 'DELETE',
      url: API.me.session(thereId),
      headers: { cookie: here.cookie },
    });
    expect(again.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'DELETE',
      url: API.me.session('not-an-id'),
      headers: { cookie: here.cookie },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('ends every other session of the caller and keeps this one', async () => {
    const here = await loginAs(t.app, 'member@demo.alumnet.dev');
    const there = await loginAs(t.app, 'member@demo.alumnet.dev');
    const stranger = await loginAs(t.app, 'member2@demo.alumnet.dev');
    const response = await t.app.inject({
      method: 'POST',
      url: API.me.endOtherSessions,
      headers: { cookie: here.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(await alive(there.cookie)).toBe(false);
    expect(await alive(here.cookie)).toBe(true);
    expect(await alive(stranger.cookie)).toBe(true);
    const sessions = await list(t.app, here.cookie);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.current).toBe(true);
  });

  it('changes the password after checking the current one, ending the other sessions', async () => {
    const here = await loginAs(t.app, 'member2@demo.alumnet.dev');
    const there = await loginAs(t.app, 'member2@demo.alumnet.dev');
    const change = (currentPassword: string, newPassword: string, confirmPassword = newPassword) =>
      t.app.inject({
        method: 'POST',
        url: API.me.password,
        headers: { cookie: here.cookie },
        payload: { currentPassword, newPassword, confirmPassword },
      });

    const wrong = await change('not-the-password', 'a much better passphrase 7');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is not right.');
    expect(await alive(there.cookie)).toBe(true);

    const mismatch = await change('alumnet-demo', 'a much better passphrase 7', 'something else');
    expect(mismatch.statusCode).toBe(400);

    const ok = await change('alumnet-demo', 'a much better passphrase 7');
    expect(ok.statusCode).toBe(200);
    expect(await alive(there.cookie)).toBe(false);
    expect(await alive(here.cookie)).toBe(true);

    const oldLogin = await t.app.inject({
      method: 'POST',
      url: API.auth.login,
      payload: { userName: 'member2@demo.alumnet.dev', password: 'alumnet-demo' },
    });
    expect(oldLogin.statusCode).not.toBe(200);
    await loginAs(t.app, 'member2@demo.alumnet.dev', 'a much better passphrase 7');
  });
});

describe('labels', () => {
  it('names the browser and the system, or says it does not know', () => {
    expect(browserLabel(FIREFOX)).toBe('Firefox 132 on Windows');
    expect(browserLabel(null)).toBe('Unknown browser');
    expect(browserLabel('')).toBe('Unknown browser');
  });
  it('keeps only the prefix of an address', () => {
    expect(addressPrefix('203.0.113.77')).toBe('203.0.113.x');
    expect(addressPrefix('::ffff:198.51.100.4')).toBe('198.51.100.x');
    expect(addressPrefix('2001:db8:1:2::5')).toBe('2001:db8:1::/48');
    expect(addressPrefix('2001:db8::1')).toBe('2001:db8::/48');
    expect(addressPrefix('garbage')).toBeNull();
  });
});
