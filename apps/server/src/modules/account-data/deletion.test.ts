import { API, DELETION_GRACE_DAYS, FORMER_MEMBER_NAME } from '@alumnet/contract';
import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOTP_SECRET } from '../../db/seed/demo';
import { auditLog, users } from '../../db/schema';
import { buildMentoringApp, type MentoringApp, type Person } from '../../test/mentoring';
import { createStorage } from '../../storage';
import { SESSION_COOKIE } from '../auth/tokens';
import { deleteDueAccounts } from './deletion';
import { runAccountDeletion } from './jobs';

const DAY = 86_400_000;
const later = (days: number) => new Date(Date.now() + days * DAY);

describe('"Delete my account" (issue 30)', () => {
  let t: MentoringApp;
  let calls = 0;
  beforeAll(async () => {
    t = await buildMentoringApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const emailOf = async (id: string) =>
    (await t.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email;
  const login = (email: string, password = 'alumnet-demo') =>
    t.app.inject({
      method: 'POST',
      url: API.auth.login,
      remoteAddress: `10.30.5.${++calls}`,
      payload: { userName: email, password },
    });
  const askToDelete = (who: Person, keepContent: boolean, password = 'alumnet-demo') =>
    t.as(who, 'POST', API.me.delete, { password, keepContent });
  const post = async (who: Person, message: string) => {
    const response = await t.as(who, 'POST', API.posts.add, { message, accessLevel: 'college' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { _id: string };
  };
  const feed = async (who: Person | 'member') =>
    (await t.as(who, 'POST', API.posts.fetch, { accessLevel: 'all' })).json() as {
      _id: string;
      message: string;
      postedBy: { _id: string; fullName: string };
    }[];
  const search = async (text: string) =>
    (await t.as('member', 'POST', API.alumzone.search, { searchText: text })).json() as {
      users: { _id: string }[];
      totalResults: number;
    };
  const dashboard = async (text: string) =>
    (await t.as('admin', 'POST', API.dashboard.search, { searchText: text })).json() as {
      users: { _id: string }[];
      totalResults: number;
    };

  it('refuses a wrong password, and deletes nothing', async () => {
    const who = await t.person('Wrongpass');
    const response = await askToDelete(who, true, 'not-my-password');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('That password is not right.');
    expect((await t.as(who, 'GET', API.me.delete)).json()).toEqual({
      deletesAt: null,
      keepContent: null,
    });
  });

  it('asks for the password and the choice', async () => {
    const who = await t.person('Noparams');
    const response = await t.as(who, 'POST', API.me.delete, {});
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please enter your password to confirm');
    expect((await t.as('visitor', 'POST', API.me.delete, {})).statusCode).toBe(401);
  });

  it('ends every session at once and says when; signing in again cancels it', async () => {
    const who = await t.person('Changemind');
    const second = { ...who, cookie: (await signInCookie(who.id)) ?? '' };
    const response = await askToDelete(who, true);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer.keepContent).toBe(true);
    const days = (Date.parse(answer.deletesAt) - Date.now()) / DAY;
    expect(days).toBeGreaterThan(DELETION_GRACE_DAYS - 0.01);
    expect(days).toBeLessThan(DELETION_GRACE_DAYS + 0.01);
    expect(answer.message).toMatch(/^Your account will be deleted on /);
    // The cookie is cleared, and both the old cookie and the other device's are refused.
    expect(response.cookies.find((c) => c.name === 'alumnet_session')?.value).toBe('');
    expect((await t.as(who, 'GET', API.me.delete)).statusCode).toBe(401);
    expect((await t.as(second, 'GET', API.me.delete)).statusCode).toBe(401);

    // Signing in within the grace period: the login works and the deletion stops.
    const back = await login((await emailOf(who.id))!);
    expect(back.statusCode, back.body).toBe(200);
    const cookie = `alumnet_session=${back.cookies.find((c) => c.name === 'alumnet_session')!.value}`;
    expect((await t.as({ ...who, cookie }, 'GET', API.me.delete)).json()).toEqual({
      deletesAt: null,
      keepContent: null,
    });
    // The job, long after, finds nothing of theirs to delete.
    const done = await deleteDueAccounts(t.db, later(DELETION_GRACE_DAYS + 1));
    expect(done.map((d) => d.userId)).not.toContain(who.id);
    expect(await emailOf(who.id)).toMatch(/@example\.com$/);
  });

  it('a password alone does not stop it for an account with a second factor; the second step does', async () => {
    const id = t.users.superAdmin!._id;
    const pending = async () =>
      (await t.db.select({ at: users.deletionRequestedAt }).from(users).where(eq(users.id, id)))[0]!
        .at;
    await t.db.update(users).set({ deletionRequestedAt: new Date() }).where(eq(users.id, id));
    const first = await login('super@demo.alumnet.dev');
    expect(first.json()).toMatchObject({ mfa: 'verify' });
    expect(await pending()).not.toBeNull();
    const cookie = first.cookies.find((c) => c.name === SESSION_COOKIE)!;
    const passed = await t.app.inject({
      method: 'POST',
      url: API.mfa.totpVerify,
      headers: { cookie: `${SESSION_COOKIE}=${cookie.value}` },
      payload: { code: await generate({ secret: DEMO_TOTP_SECRET }) },
    });
    expect(passed.statusCode, passed.body).toBe(200);
    expect(await pending()).toBeNull();
  });

  it('the cancel button stops it too', async () => {
    const who = await t.person('Cancelbtn');
    // A deletion started by an admin leaves the member signed out; here it is set directly.
    await t.db.execute(
      sql`UPDATE users SET deletion_requested_at = now(), deletion_keeps_content = true WHERE id = ${who.id}`,
    );
    const cancelled = await t.as(who, 'POST', API.me.cancelDelete);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      deletesAt: null,
      message: 'Your account will not be deleted.',
    });
    expect((await t.as(who, 'POST', API.me.cancelDelete)).statusCode).toBe(400);
  });

  it('keepContent: after the grace period a "Former member" tombstone; the posts stay', async () => {
    const who = await t.person('Keepsake', {
      fullName: 'Keepsake Zyxwv',
      lastName: 'Zyxwv',
      profilePic: 'keepsake-face.png',
    });
    const storage = createStorage(t.config);
    await storage.put('keepsake-face.png', Buffer.from('a picture'), 'image/png');
    await storage.put('thumbs/keepsake-face.png', Buffer.from('a thumbnail'), 'image/png');
    const email = (await emailOf(who.id))!;
    const kept = await post(who, 'A post that outlives its author');
    expect((await search('Zyxwv')).users.map((u) => u._id)).toContain(who.id);
    expect((await dashboard('Zyxwv')).users.map((u) => u._id)).toContain(who.id);
    const batchmates = async () =>
      (
        await t.as('member', 'POST', API.alumzone.batchmatesCount, {
          userId: t.users.member!._id,
        })
      ).json().batchmatesCount as number;
    const before = await batchmates();
    expect((await askToDelete(who, true)).statusCode).toBe(200);

    // Within the grace period the job leaves it alone.
    expect(
      (await deleteDueAccounts(t.db, later(DELETION_GRACE_DAYS - 1))).map((d) => d.userId),
    ).not.toContain(who.id);
    const { deleted: done, removedPictures } = await runAccountDeletion(
      t.db,
      storage,
      later(DELETION_GRACE_DAYS + 1),
    );
    expect(done).toContainEqual(expect.objectContaining({ userId: who.id, keptContent: true }));
    // The profile picture left storage, its thumbnail with it.
    expect(removedPictures).toContain('keepsake-face.png');
    expect(await storage.exists('keepsake-face.png')).toBe(false);
    expect(await storage.exists('thumbs/keepsake-face.png')).toBe(false);
    // Claimed once: a second run finds nothing.
    expect(
      (await deleteDueAccounts(t.db, later(DELETION_GRACE_DAYS + 1))).map((d) => d.userId),
    ).not.toContain(who.id);

    const shown = (await feed('member')).find((p) => p._id === kept._id);
    expect(shown?.postedBy.fullName).toBe(FORMER_MEMBER_NAME);
    expect(shown?.message).toBe('A post that outlives its author');

    const [row] = await t.db.select().from(users).where(eq(users.id, who.id));
    expect(row).toMatchObject({
      fullName: FORMER_MEMBER_NAME,
      phone: null,
      passwordHash: null,
      isApproved: false,
      profilePic: null,
    });
    expect(row!.deletedAt).not.toBeNull();
    expect(row!.email).toMatch(/\.invalid$/);

    // Gone from Alum Zone and the dashboard's lists, under either name.
    expect((await search('Zyxwv')).users.map((u) => u._id)).not.toContain(who.id);
    expect((await dashboard('Zyxwv')).users.map((u) => u._id)).not.toContain(who.id);
    expect((await dashboard(FORMER_MEMBER_NAME)).totalResults).toBe(0);
    expect(await batchmates()).toBe(before - 1);
    // The waiting sign-ups' filter (approved = false) does not find the tombstone either.
    const pending = (
      await t.as('admin', 'POST', API.dashboard.search, { filters: { isApproved: false } })
    ).json() as { users: { _id: string }[] };
    expect(pending.users.map((u) => u._id)).not.toContain(who.id);
    // They cannot sign in; the e-mail is free: a new sign-up with it succeeds.
    expect((await login(email)).statusCode).toBe(401);
    const chain = await t.db
      .select({
        collegeId: users.collegeId,
        degreeId: users.degreeId,
        batchId: users.batchId,
        branchId: users.branchId,
      })
      .from(users)
      .where(eq(users.id, t.users.member!._id));
    const signup = await t.app.inject({
      method: 'POST',
      url: API.auth.signup,
      remoteAddress: '10.30.9.1',
      payload: { firstName: 'Again', lastName: 'Member', email, phone: '9876511111', ...chain[0] },
    });
    expect(signup.statusCode, signup.body).toBe(200);
  });

  it('not keepContent: the account and its posts are gone', async () => {
    const who = await t.person('Cleanslate');
    const gone = await post(who, 'A post that goes with its author');
    expect((await askToDelete(who, false)).statusCode).toBe(200);
    const done = await deleteDueAccounts(t.db, later(DELETION_GRACE_DAYS + 1));
    expect(done).toContainEqual(expect.objectContaining({ userId: who.id, keptContent: false }));
    expect((await feed('member')).find((p) => p._id === gone._id)).toBeUndefined();
    expect(await t.db.$count(users, eq(users.id, who.id))).toBe(0);
  });

  describe('an admin, at the member’s written request', () => {
    const request = { keepContent: true, request: 'Letter of 3 March asking to be removed' };

    it('is for admins of the member’s college only', async () => {
      const who = await t.person('Adminask');
      const url = API.accounts.delete(who.id);
      expect((await t.as('visitor', 'POST', url, request)).statusCode).toBe(401);
      expect((await t.as('member', 'POST', url, request)).statusCode).toBe(403);
      const other = await t.as('otherAdmin', 'POST', url, request);
      expect(other.statusCode).toBe(404);
      expect((await t.as(who, 'GET', API.me.delete)).json().deletesAt).toBeNull();
      expect((await t.as('admin', 'POST', url, {})).statusCode).toBe(400);
    });

    it('starts the grace period, ends the sessions and is audited', async () => {
      const who = await t.person('Adminok');
      const response = await t.as('admin', 'POST', API.accounts.delete(who.id), request);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().keepContent).toBe(true);
      expect((await t.as(who, 'GET', API.me.delete)).statusCode).toBe(401);
      const [line] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, who.id));
      expect(line).toMatchObject({
        action: 'member.delete_account',
        actorId: t.users.admin!._id,
        targetLabel: 'Adminok Tester',
        details: { keepContent: true, request: request.request },
      });
      const done = await deleteDueAccounts(t.db, later(DELETION_GRACE_DAYS + 1));
      expect(done.map((d) => d.userId)).toContain(who.id);
    });
  });

  /** A second session of the member's, as another device holds. */
  async function signInCookie(id: string) {
    const response = await login((await emailOf(id))!);
    const cookie = response.cookies.find((c) => c.name === 'alumnet_session');
    return cookie ? `alumnet_session=${cookie.value}` : null;
  }
});
