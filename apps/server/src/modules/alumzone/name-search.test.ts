import { ALUMNI_PAGE_SIZE } from '@alumnet/contract';
import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collegeDirectoryCounts, directoryNames, users } from '../../db/schema';
import { buildTestApp, loginAs } from '../../test/build';

type Session = Awaited<ReturnType<typeof loginAs>>;

/**
 * A name search alone is answered from directory_names (names with member counts), kept by
 * triggers on users. These tests give one name many members, so pages fall inside a name and
 * across names, and change members every way the portal can, checking the answers each time.
 */
describe('name search through the directory names', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let member: Session;
  let other: Session;
  /** The 45 listed members called Tara Twin, in the order the directory lists one name: by id. */
  let twins: string[];
  let pending: string[];
  let rejected: string[];

  const search = (searchText: string, pageId: number, session: Session = member) =>
    t.app
      .inject({
        method: 'POST',
        url: '/api/alumzone/search',
        payload: { searchText, pageId },
        headers: { cookie: session.cookie },
      })
      .then((r) => {
        expect(r.statusCode).toBe(200);
        return r.json() as { users: { _id: string; fullName: string }[]; totalResults: number };
      });

  async function searchAll(searchText: string, session: Session = member) {
    const found: string[] = [];
    for (let pageId = 1; ; pageId++) {
      const answer = await search(searchText, pageId, session);
      found.push(...answer.users.map((u) => u._id));
      if (answer.totalResults <= pageId * ALUMNI_PAGE_SIZE) {
        expect(found).toHaveLength(answer.totalResults);
        return found;
      }
    }
  }

  /** The listed members of a college whose name contains `part`, in directory order. */
  const listedLike = async (collegeId: string, part: string) =>
    (
      await t.db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.collegeId, collegeId),
            eq(users.isApproved, true),
            eq(users.isRejected, false),
            like(sql`lower(${users.fullName})`, `%${part}%`),
          ),
        )
        .orderBy(asc(users.fullName), asc(users.id))
    ).map((r) => r.id);

  /** directory_names holds exactly the listed members' names and counts. */
  async function expectNamesInStep() {
    const counted = await t.db.execute<{ college_id: string; full_name: string; n: number }>(sql`
      SELECT college_id, full_name, count(*)::int AS n FROM users
       WHERE college_id IS NOT NULL AND is_approved AND NOT is_rejected
       GROUP BY college_id, full_name ORDER BY college_id, full_name`);
    const kept = await t.db.execute<{ college_id: string; full_name: string; n: number }>(sql`
      SELECT college_id, full_name, members AS n FROM ${directoryNames}
       WHERE members <> 0 ORDER BY college_id, full_name`);
    expect(kept.rows).toEqual(counted.rows);
    // And each college's listed members, which the unfiltered directory and chat list total.
    const listed = await t.db.execute<{ id: string; n: number }>(sql`
      SELECT c.id, (SELECT count(*)::int FROM users u
                     WHERE u.college_id = c.id AND u.is_approved AND NOT u.is_rejected
                       AND u.listed) AS n
        FROM colleges c ORDER BY c.id`);
    const stored = await t.db.execute<{ id: string; n: number }>(sql`
      SELECT c.id, coalesce(k.members, 0) AS n
        FROM colleges c LEFT JOIN ${collegeDirectoryCounts} k ON k.college_id = c.id
       ORDER BY c.id`);
    expect(stored.rows).toEqual(listed.rows);
    const whole = await search('', 1);
    expect(whole.totalResults).toBe(listed.rows.find((c) => c.id === member.user.collegeId)!.n);
  }

  beforeAll(async () => {
    t = await buildTestApp();
    member = await loginAs(t.app, 'member@demo.alumnet.dev');
    other = await loginAs(t.app, 'other@demo.alumnet.dev');
    const [meera] = await t.db.select().from(users).where(eq(users.id, member.user._id));
    const tara = (i: number, state: Partial<typeof users.$inferInsert> = {}) => ({
      collegeId: meera!.collegeId,
      degreeId: meera!.degreeId,
      batchId: meera!.batchId,
      branchId: meera!.branchId,
      firstName: 'Tara',
      lastName: 'Twin',
      fullName: 'Tara Twin',
      username: `tara-twin-${i}`,
      email: `tara.twin.${i}@example.com`,
      isRegistered: true,
      isApproved: true,
      ...state,
    });
    const inserted = await t.db
      .insert(users)
      .values([
        ...Array.from({ length: 45 }, (_, i) => tara(i)),
        ...Array.from({ length: 3 }, (_, i) => tara(100 + i, { isApproved: false })),
        ...Array.from({ length: 2 }, (_, i) => tara(200 + i, { isRejected: true })),
      ])
      .returning({ id: users.id, isApproved: users.isApproved, isRejected: users.isRejected });
    twins = inserted
      .filter((u) => u.isApproved && !u.isRejected)
      .map((u) => u.id)
      .sort();
    pending = inserted.filter((u) => !u.isApproved).map((u) => u.id);
    rejected = inserted.filter((u) => u.isRejected).map((u) => u.id);
  });
  afterAll(() => t.close());

  it('pages through the members of one name by id, with the total of that name', async () => {
    await expectNamesInStep();
    const page3 = await search('tara tw', 3);
    expect(page3.totalResults).toBe(45);
    expect(page3.users.map((u) => u._id)).toEqual(twins.slice(40));
    expect(await searchAll('TARA TW')).toEqual(twins);
    expect(await search('tara tw', 4)).toEqual({ users: [], totalResults: 45 });
  });

  it('pages across names that share a fragment, every member once and in order', async () => {
    const collegeId = member.user.collegeId!;
    for (const part of ['ara', 'a t', 'e']) {
      const expected = await listedLike(collegeId, part);
      expect(expected.length).toBeGreaterThan(ALUMNI_PAGE_SIZE);
      expect(await searchAll(part)).toEqual(expected);
    }
  });

  it('follows renames, reviews, moves and removals, in single and many-row statements', async () => {
    const collegeId = member.user.collegeId!;
    const otherCollegeId = other.user.collegeId!;
    const renamed = twins.slice(0, 5);
    const steps: [string, () => Promise<unknown>][] = [
      [
        'five renamed at once',
        () =>
          t.db
            .update(users)
            .set({ lastName: 'Other', fullName: 'Tara Other' })
            .where(inArray(users.id, renamed)),
      ],
      [
        'two rejected',
        () =>
          t.db
            .update(users)
            .set({ isRejected: true })
            .where(inArray(users.id, twins.slice(5, 7))),
      ],
      [
        'pending approved',
        () => t.db.update(users).set({ isApproved: true }).where(inArray(users.id, pending)),
      ],
      [
        'rejected ones restored',
        () => t.db.update(users).set({ isRejected: false }).where(inArray(users.id, rejected)),
      ],
      [
        'one moved to the other college',
        () =>
          t.db
            .update(users)
            .set({ collegeId: otherCollegeId, degreeId: null, batchId: null, branchId: null })
            .where(eq(users.id, twins[7]!)),
      ],
      ['one removed', () => t.db.delete(users).where(eq(users.id, twins[8]!))],
      [
        'names swapped in one statement',
        () =>
          t.db.execute(sql`
            UPDATE users SET full_name = CASE full_name WHEN 'Tara Twin' THEN 'Tara Other'
                                                       ELSE 'Tara Twin' END
             WHERE full_name IN ('Tara Twin', 'Tara Other')`),
      ],
      [
        'an unrelated change',
        () => t.db.update(users).set({ companyName: 'Zoho' }).where(inArray(users.id, twins)),
      ],
    ];
    for (const [step, change] of steps) {
      await change();
      await expectNamesInStep();
      for (const part of ['tara tw', 'tara ot', 'tara']) {
        const expected = await listedLike(collegeId, part);
        expect(await searchAll(part), `${step}: '${part}'`).toEqual(expected);
      }
      expect(await searchAll('tara', other), step).toEqual(
        await listedLike(otherCollegeId, 'tara'),
      );
    }
    // After the swap, the five renamed ones are the twins, and the rest the others.
    expect((await search('tara tw', 1)).totalResults).toBe(5);
    expect((await search('tara', 1, other)).totalResults).toBe(1);
  });
});
