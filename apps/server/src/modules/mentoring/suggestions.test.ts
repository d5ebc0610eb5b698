import {
  API,
  DEFAULT_MENTORING_TOPICS,
  MENTORING_MESSAGES,
  type MentorSuggestion,
} from '@alumnet/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches, cities, mentorProfiles, users } from '../../db/schema';
import {
  buildMentoringApp,
  TEST_TOPIC,
  type MentoringApp,
  type Person,
} from '../../test/mentoring';
import { WEIGHTS } from './ranking';

const byTopic = `${API.mentoring.suggestions}?topic=${encodeURIComponent(TEST_TOPIC)}`;

describe('mentor profile and suggestions (issue 29)', () => {
  let t: MentoringApp;
  let seeker: Person;
  const mentors: Record<string, Person> = {};

  beforeAll(async () => {
    t = await buildMentoringApp();
    // Batches by their year: the seeker in a middle one, mentors before and after it.
    const rows = await t.db.execute<{ id: string; year: number; branchId: string | null }>(sql`
      SELECT b.id, substring(b.batch_name from '[0-9]{4}')::int AS year,
             (SELECT br.id FROM branches br WHERE br.batch_id = b.id ORDER BY br.id LIMIT 1)
               AS "branchId"
        FROM batches b WHERE b.college_id = ${t.collegeId} ORDER BY year, b.id`);
    const years = [...new Set(rows.rows.map((r) => r.year))];
    if (years.length < 3) throw new Error('the demo college needs batches of three years');
    const ofYear = (year: number) => rows.rows.find((r) => r.year === year && r.branchId)!;
    const older = ofYear(years[0]!);
    const middle = ofYear(years[1]!);
    const younger = ofYear(years.at(-1)!);
    const [middleBranch] = await t.db
      .select()
      .from(branches)
      .where(eq(branches.id, middle.branchId!));
    // A branch of the older batch with another name: no "same branch" for the older mentors.
    const [olderBranch] = await t.db
      .select()
      .from(branches)
      .where(
        and(
          eq(branches.batchId, older.id),
          ne(sql`lower(${branches.branchName})`, middleBranch!.branchName.toLowerCase()),
        ),
      )
      .limit(1);
    const [city, otherCity] = await t.db
      .select()
      .from(cities)
      .where(
        eq(
          cities.countryId,
          sql`(SELECT country_id FROM cities GROUP BY country_id HAVING count(*) > 1 LIMIT 1)`,
        ),
      )
      .limit(2);
    const nowhere = { locationCityId: null, locationCountryId: null, companyName: null };
    seeker = await t.person('Seeker', {
      batchId: middle.id,
      branchId: middle.branchId,
      companyName: 'Acme Corp',
      locationCityId: city!.id,
      locationCountryId: city!.countryId,
    });
    // The seeker's own mentor profile names their industries (they are not a mentor).
    const own = await t.as(seeker, 'PUT', API.mentoring.profile, {
      openToMentoring: false,
      industries: ['fintech'],
      capacity: 1,
      takingRequests: true,
    });
    expect(own.statusCode, own.body).toBe(200);
    const olderPlace = { batchId: older.id, branchId: olderBranch?.id ?? null };
    mentors.full = await t.mentor(
      'Full',
      {},
      {
        ...olderPlace,
        companyName: 'ACME CORP',
        locationCityId: city!.id,
        locationCountryId: city!.countryId,
      },
    );
    mentors.country = await t.mentor(
      'Country',
      { industries: ['Fintech'] },
      {
        ...nowhere,
        ...olderPlace,
        locationCityId: otherCity!.id,
        locationCountryId: otherCity!.countryId,
      },
    );
    mentors.peer = await t.mentor(
      'Peer',
      {},
      {
        ...nowhere,
        batchId: middle.id,
        branchId: middle.branchId,
      },
    );
    mentors.junior = await t.mentor(
      'Junior',
      {},
      {
        ...nowhere,
        batchId: younger.id,
        branchId: null,
      },
    );
    mentors.busy = await t.mentor(
      'Busy',
      { takingRequests: false },
      {
        ...olderPlace,
        companyName: 'Acme Corp',
        locationCityId: city!.id,
        locationCountryId: city!.countryId,
      },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const suggestionsOf = async (caller: Person | 'member', query = '') => {
    const response = await t.as(caller, 'GET', `${byTopic}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { mentors: MentorSuggestion[]; total: number };
  };
  const nameOf = (s: MentorSuggestion) => s.fullName.replace(' Tester', '');

  describe('profile', () => {
    it('answers 401 to a visitor', async () => {
      expect((await t.as('visitor', 'GET', API.mentoring.profile)).statusCode).toBe(401);
      const put = await t.as('visitor', 'PUT', API.mentoring.profile, {});
      expect(put.statusCode).toBe(401);
    });

    it('answers the defaults to a member who never saved one, with the college’s topics', async () => {
      const someone = await t.person('Fresh');
      const response = await t.as(someone, 'GET', API.mentoring.profile);
      expect(response.statusCode).toBe(200);
      expect(response.json().profile).toEqual({
        openToMentoring: false,
        topics: [],
        industries: [],
        capacity: 2,
        howIHelp: '',
        takingRequests: true,
        activeMentees: 0,
      });
      expect(response.json().topics).toEqual(
        expect.arrayContaining([...DEFAULT_MENTORING_TOPICS, TEST_TOPIC]),
      );
    });

    it('refuses a topic outside the college’s list', async () => {
      const response = await t.as(seeker, 'PUT', API.mentoring.profile, {
        openToMentoring: true,
        topics: ['Knitting'],
        capacity: 2,
        takingRequests: true,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(MENTORING_MESSAGES.unknownTopic);
    });

    it('refuses a capacity out of range with the contract’s message', async () => {
      const response = await t.as(seeker, 'PUT', API.mentoring.profile, {
        openToMentoring: true,
        capacity: 0,
        takingRequests: true,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Capacity must be at least 1.');
    });

    it('saves the profile and the profile page’s switch as one', async () => {
      const someone = await t.person('Switcher');
      const saved = await t.as(someone, 'PUT', API.mentoring.profile, {
        openToMentoring: true,
        topics: ['career GUIDANCE', 'Career guidance', 'Entrepreneurship'],
        industries: ['Energy', 'energy'],
        capacity: 3,
        howIHelp: 'Mock interviews',
        takingRequests: false,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().message).toBe(MENTORING_MESSAGES.profileSaved);
      expect(saved.json().profile).toMatchObject({
        openToMentoring: true,
        topics: ['Career guidance', 'Entrepreneurship'],
        industries: ['Energy'],
        capacity: 3,
        howIHelp: 'Mock interviews',
        takingRequests: false,
      });
      const [row] = await t.db.select().from(users).where(eq(users.id, someone.id));
      expect(row!.openToMentoring).toBe(true);

      // Switched off from the profile page: the mentor profile answers the same switch.
      await t.db.update(users).set({ openToMentoring: false }).where(eq(users.id, someone.id));
      const read = await t.as(someone, 'GET', API.mentoring.profile);
      expect(read.json().profile).toMatchObject({ openToMentoring: false, capacity: 3 });
      const [kept] = await t.db
        .select()
        .from(mentorProfiles)
        .where(eq(mentorProfiles.userId, someone.id));
      expect(kept!.capacity).toBe(3);
    });
  });

  describe('suggestions', () => {
    it('answers 401 to a visitor', async () => {
      expect((await t.as('visitor', 'GET', byTopic)).statusCode).toBe(401);
    });

    it('ranks by the named parts, shows the reasons, and sinks those who cannot be asked', async () => {
      const { mentors: list, total } = await suggestionsOf(seeker);
      expect(total).toBe(5);
      expect(list.map(nameOf)).toEqual(['Full', 'Country', 'Peer', 'Junior', 'Busy']);
      const [full, country, peer, junior, busy] = list;
      expect(full!.score).toBe(
        WEIGHTS.sameCompany + WEIGHTS.sameCity + WEIGHTS.topic + WEIGHTS.yearsAhead,
      );
      expect(full!.reasons).toEqual([
        'Same company: ACME CORP',
        `Same city: ${full!.city}`,
        `Mentors on ${TEST_TOPIC}`,
        expect.stringMatching(/^\d+ years? ahead of you$/),
      ]);
      expect(country!.reasons).toEqual([
        'Same industry: Fintech',
        `Same country: ${country!.country}`,
        `Mentors on ${TEST_TOPIC}`,
        expect.stringMatching(/ahead of you$/),
      ]);
      expect(peer!.reasons).toEqual([
        `Same branch: ${peer!.branch}`,
        `Mentors on ${TEST_TOPIC}`,
        'Your own batch',
      ]);
      expect(junior!.score).toBe(WEIGHTS.topic + WEIGHTS.behind);
      expect(junior!.reasons.at(-1)).toMatch(/behind you$/);
      expect(busy!.takingRequests).toBe(false);
      expect(busy!.reasons.at(-1)).toBe('Not taking requests right now');
      // The database's order is the order of the scores the member reads.
      const scores = list.map((m) => m.score);
      expect([...scores].sort((a, b) => b - a)).toEqual(scores);
      expect(full).toMatchObject({
        topics: [TEST_TOPIC],
        capacity: 2,
        activeMentees: 0,
        howIHelp: 'Full helps',
        requested: false,
      });
    });

    it('filters by taking requests, country and industry', async () => {
      const taking = await suggestionsOf(seeker, '&taking=true');
      expect(taking.mentors.map(nameOf)).toEqual(['Full', 'Country', 'Peer', 'Junior']);
      const [seekerRow] = await t.db.select().from(users).where(eq(users.id, seeker.id));
      const inCountry = await suggestionsOf(
        seeker,
        `&country=${seekerRow!.locationCountryId!.toLowerCase()}`,
      );
      expect(inCountry.mentors.map(nameOf)).toEqual(['Full', 'Country', 'Busy']);
      const industry = await suggestionsOf(seeker, '&industry=FINTECH');
      expect(industry.mentors.map(nameOf)).toEqual(['Country']);
      expect(industry.total).toBe(1);
    });

    it('shows a mentor at capacity as such, below those with room', async () => {
      const small = await t.mentor('Small', { capacity: 1 }, { batchId: null, branchId: null });
      const mentee = await t.person('Taken');
      await t.mentorship(mentee, small);
      const { mentors: list } = await suggestionsOf(seeker);
      const shown = list.find((m) => m.id === small.id)!;
      expect(shown).toMatchObject({ activeMentees: 1, capacity: 1 });
      expect(shown.reasons).toContain('At capacity right now');
      expect(list.at(-1)!.score).toBeLessThan(0);
      const taking = await suggestionsOf(seeker, '&taking=true');
      expect(taking.mentors.map((m) => m.id)).not.toContain(small.id);
      // Cleaned up for the other tests: no longer open to mentoring.
      await t.db.update(users).set({ openToMentoring: false }).where(eq(users.id, small.id));
    });

    it('lists neither the caller nor mentors of another college, nor members not open', async () => {
      const self = await suggestionsOf(mentors.full!);
      expect(self.mentors.map((m) => m.id)).not.toContain(mentors.full!.id);
      expect(self.total).toBe(4);
      const [otherCollege] = await t.db
        .execute<{ id: string }>(
          sql`
        SELECT id FROM colleges WHERE id <> ${t.collegeId} LIMIT 1`,
        )
        .then((r) => r.rows);
      const elsewhere = await t.mentor('Elsewhere');
      await t.db
        .update(users)
        .set({ collegeId: otherCollege!.id, batchId: null, branchId: null })
        .where(eq(users.id, elsewhere.id));
      const closed = await t.mentor('Closed');
      await t.db.update(users).set({ openToMentoring: false }).where(eq(users.id, closed.id));
      const ids = (await suggestionsOf(seeker)).mentors.map((m) => m.id);
      expect(ids).not.toContain(elsewhere.id);
      expect(ids).not.toContain(closed.id);
      expect(ids).toHaveLength(5);
    });

    it('marks a mentor the member has asked', async () => {
      const asked = await t.as(seeker, 'POST', API.mentoring.requests, {
        mentorId: mentors.junior!.id,
        goal: 'Learn the ropes',
        message: 'Hello',
      });
      expect(asked.statusCode, asked.body).toBe(200);
      const { mentors: list } = await suggestionsOf(seeker);
      expect(list.find((m) => m.id === mentors.junior!.id)!.requested).toBe(true);
      expect(list.filter((m) => m.requested)).toHaveLength(1);
    });

    it('answers an empty page past the end with the total', async () => {
      const page = await suggestionsOf(seeker, '&page=2');
      expect(page).toEqual({ mentors: [], total: 5 });
    });

    it('answers 400 to a bad page', async () => {
      expect((await t.as(seeker, 'GET', `${byTopic}&page=0`)).statusCode).toBe(400);
    });
  });
});
