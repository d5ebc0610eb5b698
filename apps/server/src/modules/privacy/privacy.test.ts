import {
  API,
  DEFAULT_PRIVACY,
  type Alumnus,
  type ChatUser,
  type MentorSuggestion,
  type PrivacySettings,
  type Visibility,
} from '@alumnet/contract';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batches, cities, countries, groupMembers, groups, users } from '../../db/schema';
import {
  buildMentoringApp,
  TEST_TOPIC,
  type MentoringApp,
  type Person,
} from '../../test/mentoring';

/**
 * Issue 30, "the member's own data": who sees a member's e-mail, phone, company and city, and
 * whether they are found at all, in every call that shows a member to another member.
 */
describe('privacy settings (issue 30)', () => {
  let t: MentoringApp;
  /** The member whose details are shown; a mentor, so their card is in the suggestions too. */
  let subject: Person;
  let subjectEmail: string;
  /** Another member of the subject's batch, and one of another batch of the same college. */
  let sameBatch: Person;
  let otherBatch: Person;
  let groupId: string;
  let cityName: string;
  let countryName: string;
  const NAME = 'Privy Tester';
  const PHONE = '+919555000001';
  const COMPANY = 'Privacy Test Works';

  const put = (who: Person, body: object) => t.as(who, 'PUT', API.me.privacy, body);
  async function setPrivacy(settings: Partial<PrivacySettings>) {
    const response = await put(subject, { ...DEFAULT_PRIVACY, ...settings });
    expect(response.statusCode, response.body).toBe(200);
  }
  const everyone = (v: Visibility) => ({ email: v, phone: v, company: v, city: v });

  /** The subject as an Alum Zone name search shows them to `viewer` (undefined: not found). */
  async function inAlumZone(viewer: Person, body: object = {}) {
    const response = await t.as(viewer, 'POST', API.alumzone.search, {
      searchText: NAME,
      pageId: 1,
      ...body,
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as { users: Alumnus[]; totalResults: number };
    return { found: answer.users.find((u) => u._id === subject.id), total: answer.totalResults };
  }

  /** What `viewer` sees of the subject in each call that shows a member's details. */
  async function seen(viewer: Person) {
    const zone = (await inAlumZone(viewer)).found!;
    const members = await t.as(viewer, 'GET', `${API.groups.members(groupId)}?page=1`);
    expect(members.statusCode, members.body).toBe(200);
    const inGroup = (members.json().members as { _id: string; companyName: string | null }[]).find(
      (m) => m._id === subject.id,
    )!;
    const suggestions = await t.as(
      viewer,
      'GET',
      `${API.mentoring.suggestions}?topic=${encodeURIComponent(TEST_TOPIC)}`,
    );
    expect(suggestions.statusCode, suggestions.body).toBe(200);
    const card = (suggestions.json().mentors as MentorSuggestion[]).find(
      (m) => m.id === subject.id,
    )!;
    return {
      zone: {
        email: zone.email,
        phone: zone.phone,
        companyName: zone.companyName,
        locationCity: zone.locationCity,
        locationCountry: zone.locationCountry,
      },
      groupCompany: inGroup.companyName,
      mentorCard: { companyName: card.companyName, city: card.city, country: card.country },
    };
  }

  const shown = {
    zone: {
      email: '',
      phone: PHONE,
      companyName: COMPANY,
      locationCity: '',
      locationCountry: '',
    },
    groupCompany: COMPANY,
    mentorCard: { companyName: COMPANY, city: '', country: '' },
  };
  const hidden = {
    zone: {
      email: null,
      phone: null,
      companyName: null,
      locationCity: null,
      locationCountry: null,
    },
    groupCompany: null,
    mentorCard: { companyName: null, city: null, country: null },
  };

  beforeAll(async () => {
    t = await buildMentoringApp();
    const [place] = await t.db
      .select({ cityId: cities.id, cityName: cities.cityName, countryName: countries.countryName })
      .from(cities)
      .innerJoin(countries, eq(countries.id, cities.countryId))
      .where(eq(cities.id, t.template.locationCityId!));
    cityName = place!.cityName;
    countryName = place!.countryName;
    subject = await t.mentor(
      'Privy',
      {},
      { phone: '9555000001', phoneCountryCode: '+91', companyName: COMPANY },
    );
    const [row] = await t.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, subject.id));
    subjectEmail = row!.email;
    shown.zone.email = subjectEmail;
    shown.zone.locationCity = cityName;
    shown.zone.locationCountry = countryName;
    shown.mentorCard.city = cityName;
    shown.mentorCard.country = countryName;
    sameBatch = await t.person('Samebatch');
    const [another] = await t.db
      .select({ id: batches.id })
      .from(batches)
      .where(and(eq(batches.collegeId, t.collegeId), ne(batches.id, t.template.batchId!)))
      .limit(1);
    otherBatch = await t.person('Otherbatch', { batchId: another!.id });
    const [group] = await t.db
      .insert(groups)
      .values({ collegeId: t.collegeId, groupName: 'Privacy test group', kind: 'open' })
      .returning({ id: groups.id });
    groupId = group!.id;
    await t.db.insert(groupMembers).values(
      [subject, sameBatch, otherBatch].map((p) => ({
        groupId,
        userId: p.id,
        status: 'approved' as const,
      })),
    );
  });
  afterAll(() => t.close());

  describe('GET and PUT /api/me/privacy', () => {
    it("answers the member's own settings, today's defaults until changed", async () => {
      const response = await t.as(sameBatch, 'GET', API.me.privacy);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(DEFAULT_PRIVACY);
      expect(DEFAULT_PRIVACY).toMatchObject({ email: 'nobody', phone: 'nobody' });
    });

    it('stores the whole object for the caller only', async () => {
      const settings = {
        email: 'batch',
        phone: 'college',
        company: 'nobody',
        city: 'batch',
        listed: false,
      };
      const saved = await put(sameBatch, settings);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual(settings);
      expect((await t.as(sameBatch, 'GET', API.me.privacy)).json()).toEqual(settings);
      expect((await t.as(otherBatch, 'GET', API.me.privacy)).json()).toEqual(DEFAULT_PRIVACY);
      await put(sameBatch, DEFAULT_PRIVACY);
    });

    it('refuses a bad value with a readable message and changes nothing', async () => {
      for (const body of [
        { ...DEFAULT_PRIVACY, phone: 'everyone' },
        { ...DEFAULT_PRIVACY, email: '' },
        { email: 'college', phone: 'college', company: 'college', listed: true },
      ]) {
        const response = await put(otherBatch, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().message).toBe('Choose who sees it: my college, my batch or nobody');
      }
      const notBoolean = await put(otherBatch, { ...DEFAULT_PRIVACY, listed: 'no' });
      expect(notBoolean.statusCode).toBe(400);
      expect(notBoolean.json().message).toBe('listed must be true or false');
      expect((await t.as(otherBatch, 'GET', API.me.privacy)).json()).toEqual(DEFAULT_PRIVACY);
    });

    it('is for signed-in members only', async () => {
      expect((await t.as('visitor', 'GET', API.me.privacy)).statusCode).toBe(401);
      expect((await t.as('visitor', 'PUT', API.me.privacy, DEFAULT_PRIVACY)).statusCode).toBe(401);
    });
  });

  describe('what other members see', () => {
    it("by default: company and place to the college, e-mail and phone to nobody (today's)", async () => {
      await setPrivacy({});
      for (const viewer of [sameBatch, otherBatch]) {
        const view = await seen(viewer);
        expect(view.zone).toEqual({
          ...shown.zone,
          email: null,
          phone: null,
        });
        expect(view.groupCompany).toBe(COMPANY);
        expect(view.mentorCard).toEqual(shown.mentorCard);
      }
    });

    it("'college': every member of the college sees it", async () => {
      await setPrivacy(everyone('college'));
      expect(await seen(sameBatch)).toEqual(shown);
      expect(await seen(otherBatch)).toEqual(shown);
    });

    it("'batch': the member's batch mates see it, other batches do not", async () => {
      await setPrivacy(everyone('batch'));
      expect(await seen(sameBatch)).toEqual(shown);
      expect(await seen(otherBatch)).toEqual(hidden);
    });

    it('a filter on a company or a place finds only those who show it to the caller', async () => {
      const byCompany = { companyName: COMPANY.toLowerCase() };
      const byPlace = {
        locationCountry: t.template.locationCountryId!,
        locationCity: String(t.template.locationCityId),
      };
      for (const filters of [byCompany, byPlace, { locationCountry: byPlace.locationCountry }]) {
        await setPrivacy(everyone('batch'));
        expect((await inAlumZone(sameBatch, filters)).found, JSON.stringify(filters)).toBeDefined();
        expect((await inAlumZone(otherBatch, filters)).found).toBeUndefined();
        // The same filters without a name: the page is walked on the filter's own index.
        const unnamed = await t.as(otherBatch, 'POST', API.alumzone.search, {
          pageId: 1,
          ...filters,
          batch: t.template.batchId,
        });
        expect(unnamed.json().users.map((u: Alumnus) => u._id)).not.toContain(subject.id);
        await setPrivacy(everyone('college'));
        expect((await inAlumZone(otherBatch, filters)).found).toBeDefined();
      }
    });

    it('the companies list names a company only where someone shows it to the caller', async () => {
      const companies = async (viewer: Person) => {
        const response = await t.as(viewer, 'POST', API.alumzone.companies, {});
        expect(response.statusCode, response.body).toBe(200);
        return response.json() as string[];
      };
      await setPrivacy(everyone('batch'));
      expect(await companies(sameBatch)).toContain(COMPANY);
      expect(await companies(otherBatch)).not.toContain(COMPANY);
      expect(await companies(subject)).toContain(COMPANY);
      await setPrivacy(everyone('nobody'));
      expect(await companies(sameBatch)).not.toContain(COMPANY);
      await setPrivacy(everyone('college'));
      expect(await companies(otherBatch)).toContain(COMPANY);
    });

    it("'nobody': no other member sees it; the member sees all of their own", async () => {
      await setPrivacy(everyone('nobody'));
      expect(await seen(sameBatch)).toEqual(hidden);
      expect(await seen(otherBatch)).toEqual(hidden);
      expect((await inAlumZone(subject)).found).toMatchObject({
        email: subjectEmail,
        phone: PHONE,
        companyName: COMPANY,
        locationCity: cityName,
      });
    });

    it('each detail follows its own setting', async () => {
      await setPrivacy({ email: 'college', phone: 'nobody', company: 'batch', city: 'nobody' });
      expect((await seen(otherBatch)).zone).toEqual({
        ...hidden.zone,
        email: subjectEmail,
      });
      expect((await seen(sameBatch)).zone).toEqual({
        ...hidden.zone,
        email: subjectEmail,
        companyName: COMPANY,
      });
    });
  });

  describe('listed = false', () => {
    const counts = async (viewer: Person) => {
      const ask = async (url: string) =>
        (await t.as(viewer, 'POST', url, { userId: viewer.id })).json() as Record<string, number>;
      const everyoneInZone = await t.as(viewer, 'POST', API.alumzone.search, { pageId: 1 });
      return {
        directory: everyoneInZone.json().totalResults as number,
        nearby: Number((await ask('/api/alumzone/search/alumnicount')).nearbyAlumni),
        batchmates: Number((await ask('/api/alumzone/search/batchmatesCount')).batchmatesCount),
      };
    };
    const chatSearch = async (viewer: Person) => {
      const response = await t.as(viewer, 'POST', API.messages.search, {
        searchText: 'Privy',
        pageId: 1,
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().users as ChatUser[]).map((u) => u._id);
    };
    const chatList = async (viewer: Person) => {
      const response = await t.as(viewer, 'POST', API.messages.users, { pageId: 1 });
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json() as { users: ChatUser[]; totalResults: number };
      return { ids: answer.users.map((u) => u._id), total: answer.totalResults };
    };

    it('removes the member from Alum Zone, its counts and the chat search; back when listed', async () => {
      await setPrivacy({ listed: true });
      const before = await counts(sameBatch);
      expect((await inAlumZone(sameBatch)).found).toBeDefined();
      expect(await chatSearch(sameBatch)).toContain(subject.id);
      const otherBefore = await chatList(otherBatch);

      await setPrivacy({ listed: false });
      // A name alone (directory_names), a name with a filter, and no name at all (counts).
      expect(await inAlumZone(sameBatch)).toEqual({ found: undefined, total: 0 });
      expect((await inAlumZone(sameBatch, { batch: t.template.batchId })).found).toBeUndefined();
      expect(await counts(sameBatch)).toEqual({
        directory: before.directory - 1,
        nearby: before.nearby - 1,
        batchmates: before.batchmates - 1,
      });
      expect(await chatSearch(sameBatch)).not.toContain(subject.id);
      const otherAfter = await chatList(otherBatch);
      expect(otherAfter.total).toBe(otherBefore.total - 1);
      expect(otherAfter.ids).not.toContain(subject.id);

      await setPrivacy({ listed: true });
      expect((await inAlumZone(sameBatch)).found).toBeDefined();
      expect(await counts(sameBatch)).toEqual(before);
      expect(await chatSearch(sameBatch)).toContain(subject.id);
    });

    it('keeps the conversations the member already has', async () => {
      const sent = await t.as(sameBatch, 'POST', API.messages.send(subject.id), {
        message: 'Hello before you hide',
      });
      expect(sent.statusCode, sent.body).toBe(200);
      await setPrivacy({ listed: false });
      expect((await chatList(sameBatch)).ids).toContain(subject.id);
      expect(await chatSearch(sameBatch)).not.toContain(subject.id);
      const conversation = await t.as(sameBatch, 'GET', API.messages.conversation(subject.id));
      expect(conversation.statusCode).toBe(200);
      expect(conversation.body).toContain('Hello before you hide');
      await setPrivacy({ listed: true });
    });
  });
});
