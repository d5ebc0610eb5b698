import { DEFAULT_MENTORING_TOPICS, MENTORING_REQUEST_DAYS } from '@alumnet/contract';
import { base, en, Faker } from '@faker-js/faker';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import {
  batches,
  mentoringRequests,
  mentoringTopics,
  mentorProfiles,
  mentorshipEndings,
  mentorshipGoals,
  mentorships,
  mentorshipSessions,
  users,
} from '../schema';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MENTOR_COUNT = 40;
const CUSTOM_TOPICS = ['Product management', 'Research careers'];
const TOPICS = [...DEFAULT_MENTORING_TOPICS, ...CUSTOM_TOPICS];
const INDUSTRIES = [
  'Software',
  'Financial services',
  'Consulting',
  'Manufacturing',
  'Semiconductors',
  'E-commerce',
  'Construction',
  'Energy',
  'Healthcare',
  'Education',
  'Public sector',
  'Telecom',
];
const HOW_I_HELP = [
  'A call once a month and honest feedback on your CV.',
  'Mock interviews for product and engineering roles, with notes afterwards.',
  'I moved from core engineering to software; happy to share what worked and what did not.',
  'Applications to universities abroad: shortlists, statements of purpose, scholarships.',
  'Starting up in India: finding co-founders, first customers and early funding.',
  'Thirty minutes every other week; bring one question and we go deep on it.',
  'Career choices early on: which offer to take and what to learn next.',
  'Research careers: PhD applications, choosing an adviser, life in a lab.',
];
const GOALS = [
  'Move into a product management role within a year',
  'Get admitted to a master’s programme abroad',
  'Prepare for placement interviews',
  'Switch from civil engineering to data analytics',
  'Validate a startup idea with ten customers',
  'Decide between two job offers',
  'Publish a first research paper',
  'Grow into a team lead role',
];
const STEPS = [
  'Rewrite the CV for the new role',
  'Do three mock interviews',
  'Shortlist five programmes',
  'Draft the statement of purpose',
  'Talk to two people already in the field',
  'Finish an online course on the basics',
  'Build a small portfolio project',
  'Ask for feedback from the current manager',
];
const NOTES = [
  'Went through the CV line by line; cut it to one page.',
  'Mock interview on system design. Good structure; practise estimating numbers aloud.',
  'Talked about the shortlist and what each programme is known for.',
  'Reviewed the first draft of the statement; it needs one concrete story.',
  'Discussed the two offers: learning, manager and growth over salary.',
  'Went over the customer interviews so far and what they say about pricing.',
];
const DECLINE_REASONS = [
  'I do not know this field well enough to help; try someone in consulting.',
  'My next three months are full, sorry. Please ask again later.',
  null,
];
const MENTOR_COMMENTS = [
  'A pleasure to work with: came prepared every time.',
  'Great progress; I learned from it too.',
  'We reached the goal early. Proud of the result.',
];
const MENTEE_COMMENTS = [
  'Practical advice that made the difference in my interviews.',
  'Generous with time and very honest. Thank you!',
  'Helped me see which options were realistic.',
  'Good sessions, though we met less often than I hoped.',
];

interface Alumnus {
  id: string;
  email: string;
  year: number;
}

interface Plan {
  mentee: Alumnus;
  mentor: Alumnus;
  /** Days before now the request was made. */
  askedDaysAgo: number;
  status: 'open' | 'declined' | 'expired' | 'withdrawn' | 'active' | 'ended';
  /** Accepted: how long after asking it was answered (hours); ended: how long it lasted (days). */
  answerHours?: number;
  lastedDays?: number;
}

/**
 * The demo college's mentoring programme (issue 29), so every mentoring screen has something to
 * show and the admin's figures and chart are not empty:
 * - 40 mentors (users.open_to_mentoring on exactly for them in the demo college) with profiles
 *   across the five default topics and the college's two own, varied industries and capacities;
 *   some not taking requests, one at capacity. member2@ is a mentor taking requests with room, and
 *   has no mentorship with member@.
 * - Over the last 12 months: requests declined, expired and withdrawn, mentorships ended with a
 *   rating from each side, and active ones with goals (some done) and sessions; requests still
 *   open, from a few hours to nearly 14 days old (one about to expire).
 * - member@ is a mentee with one active mentorship (with an alumnus she already chats with), an
 *   earlier one that ended, and one request waiting.
 * The second college's members who ticked "open to mentoring" get a plain profile.
 * Deterministic (a fixed faker seed); times are relative to when the seed runs.
 */
export async function seedDemoMentoring(
  tx: Executor,
  ids: { demoCollegeId: string; secondCollegeId: string },
) {
  const collegeId = ids.demoCollegeId;
  const already = await tx
    .select({ id: mentorProfiles.userId })
    .from(mentorProfiles)
    .where(eq(mentorProfiles.collegeId, collegeId))
    .limit(1);
  if (already.length > 0) return;
  const now = Date.now();
  const faker = new Faker({ locale: [en, base], seed: 20261129 });
  const ago = (days: number) => new Date(now - days * DAY);
  const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;

  const listed = (college: string) =>
    tx
      .select({
        id: users.id,
        email: users.email,
        openToMentoring: users.openToMentoring,
        batchName: batches.batchName,
      })
      .from(users)
      .leftJoin(batches, eq(batches.id, users.batchId))
      .where(
        and(
          eq(users.collegeId, college),
          eq(users.userType, 'u'),
          eq(users.isApproved, true),
          eq(users.isRejected, false),
          eq(users.isSuperAdmin, false),
        ),
      )
      // Seeded alumni have phones 91000000NN in the order they were generated.
      .orderBy(asc(users.phone));
  const yearOf = (batchName: string | null) => Number(/\d{4}/.exec(batchName ?? '')?.[0] ?? 9999);
  const everyone = await listed(collegeId);
  const person = (p: (typeof everyone)[number]): Alumnus => ({
    id: p.id,
    email: p.email,
    year: yearOf(p.batchName),
  });
  const meera = everyone.find((p) => p.email === 'member@demo.alumnet.dev');
  const rahul = everyone.find((p) => p.email === 'member2@demo.alumnet.dev');
  const [asha] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'admin@demo.alumnet.dev'));
  if (!meera || !rahul || !asha) throw new Error('demo accounts missing');
  const alumni = everyone.filter((p) => !p.email.endsWith('@demo.alumnet.dev'));
  // member@'s mentor is the third alumnus she already chats with (demo-chat.ts), so their
  // mentorship's conversation has its history; then those who had ticked the box (the Mentors
  // Circle's among them), then the rest.
  const hers = alumni[2];
  if (!hers) throw new Error('too few demo alumni for mentoring');
  const chosen = [
    hers,
    ...alumni.filter((p) => p !== hers && p.openToMentoring),
    ...alumni.filter((p) => p !== hers && !p.openToMentoring),
  ].slice(0, MENTOR_COUNT - 1);
  if (chosen.length < MENTOR_COUNT - 1) throw new Error('too few demo alumni for mentoring');
  // The older batches mentor the younger: mentors oldest first; mentees from the later intakes,
  // in the order they were generated, which takes turns over batches and branches.
  const mentors = [person(rahul), ...chosen.map(person)];
  const byAge = [...mentors.slice(1)].sort((a, b) => a.year - b.year);
  const taken = new Set(mentors.map((m) => m.id));
  const mentees = alumni
    .filter((p) => !taken.has(p.id))
    .map(person)
    .filter((p) => p.year >= 2016);
  const me = person(meera);
  const meerasMentor = mentors.find((m) => m.id === hers.id)!;

  await tx.update(users).set({ openToMentoring: false }).where(eq(users.collegeId, collegeId));
  await tx
    .update(users)
    .set({ openToMentoring: true })
    .where(
      inArray(
        users.id,
        mentors.map((m) => m.id),
      ),
    );
  await tx.insert(mentoringTopics).values(
    CUSTOM_TOPICS.map((name, i) => ({
      collegeId,
      name,
      createdBy: asha.id,
      createdAt: ago(300 - i * 90),
    })),
  );

  // Who is not taking requests now, and who is exactly at capacity (and so cannot be asked).
  const others = byAge.filter((m) => m !== meerasMentor);
  const paused = new Set([3, 11, 19, 27, 35].map((i) => others[i]!.id));
  const full = others[1]!;
  const askable = others.filter((m) => !paused.has(m.id) && m !== full);

  // --- the year's requests, each to its own mentor-mentee pair
  const plans: Plan[] = [];
  let nextMentee = 0;
  let nextMentor = 0;
  const plan = (status: Plan['status'], askedDaysAgo: number, over: Partial<Plan> = {}) => {
    const mentee = over.mentee ?? mentees[nextMentee++ % mentees.length]!;
    // member2@ (not in byAge) mentors only the mentorships given to him below.
    const pool = status === 'open' ? askable : byAge;
    // The next in turn from an earlier intake than the mentee's, if the turn comes round to one.
    const older = pool.findIndex((_, k) => pick(pool, nextMentor + k).year < mentee.year);
    const mentor = over.mentor ?? pick(pool, nextMentor + Math.max(older, 0));
    if (!over.mentor) nextMentor += Math.max(older, 0) + 1;
    plans.push({ ...over, mentee, mentor, askedDaysAgo, status });
  };
  // Ended: started across the year, lasting one to five months.
  for (let i = 0; i < 24; i++) {
    const asked = 350 - i * 11 - faker.number.int({ min: 0, max: 6 });
    const lasted = Math.min(faker.number.int({ min: 30, max: 150 }), asked - 8);
    plan('ended', asked, {
      answerHours: faker.number.int({ min: 2, max: 90 }),
      lastedDays: lasted,
    });
  }
  // Active: started in the last six months; the full mentor's two fill their capacity.
  for (let i = 0; i < 16; i++)
    plan('active', 175 - i * 10 - faker.number.int({ min: 0, max: 5 }), {
      answerHours: faker.number.int({ min: 1, max: 120 }),
    });
  plan('active', 60, { mentor: full, answerHours: 20 });
  plan('active', 24, { mentor: full, answerHours: 6 });
  plan('active', 95, { mentor: mentors[0], answerHours: 30 });
  plan('ended', 260, { mentor: mentors[0], answerHours: 10, lastedDays: 120 });
  // member@: mentored now by someone taking requests, once before, and one request waiting.
  plan('active', 40, { mentee: me, mentor: meerasMentor, answerHours: 14 });
  plan('ended', 300, { mentee: me, mentor: askable[5], answerHours: 40, lastedDays: 110 });
  plan('open', 3.2, { mentee: me, mentor: askable[8] });
  for (let i = 0; i < 16; i++) plan('declined', 345 - i * 21);
  for (let i = 0; i < 9; i++) plan('expired', 330 - i * 35);
  for (let i = 0; i < 3; i++) plan('withdrawn', 200 - i * 60);
  for (const days of [0.3, 1.4, 2.5, 5.8, 9.1, 13.4]) plan('open', days);

  const requestRows: (typeof mentoringRequests.$inferInsert)[] = [];
  const mentorshipRows: (typeof mentorships.$inferInsert)[] = [];
  const endingRows: (typeof mentorshipEndings.$inferInsert)[] = [];
  const goalRows: (typeof mentorshipGoals.$inferInsert)[] = [];
  const sessionRows: (typeof mentorshipSessions.$inferInsert)[] = [];
  const activeOf = new Map<string, number>();

  for (const [i, p] of plans.entries()) {
    const requestId = faker.string.uuid();
    const createdAt = ago(p.askedDaysAgo);
    const expiresAt = new Date(createdAt.getTime() + MENTORING_REQUEST_DAYS * DAY);
    const { status } = p;
    const accepted = status === 'active' || status === 'ended';
    const answeredAt =
      accepted || p.status === 'declined'
        ? new Date(createdAt.getTime() + (p.answerHours ?? 4 + (i % 5) * 17) * HOUR)
        : p.status === 'withdrawn'
          ? new Date(createdAt.getTime() + 2 * DAY)
          : null;
    requestRows.push({
      id: requestId,
      collegeId,
      menteeId: p.mentee.id,
      mentorId: p.mentor.id,
      goal: pick(GOALS, i),
      message: `Hello! I am from the ${p.mentee.year} intake and would value your advice. ${pick(GOALS, i)} is what I am working towards; could we talk once or twice a month?`,
      status: status === 'active' || status === 'ended' ? 'accepted' : status,
      reason: p.status === 'declined' ? pick(DECLINE_REASONS, i) : null,
      createdAt,
      expiresAt,
      answeredAt,
    });
    if (!accepted) continue;

    const id = faker.string.uuid();
    const startedAt = answeredAt!;
    const endedAt =
      p.status === 'ended' ? new Date(startedAt.getTime() + (p.lastedDays ?? 60) * DAY) : null;
    const endedBy = i % 3 === 0 ? p.mentee.id : p.mentor.id;
    mentorshipRows.push({
      id,
      collegeId,
      requestId,
      mentorId: p.mentor.id,
      menteeId: p.mentee.id,
      firstNote:
        'Happy to help. Let us start with a call this week: send me two times that suit you.',
      startedAt,
      endedAt,
      endedBy: endedAt ? endedBy : null,
    });
    if (!endedAt) activeOf.set(p.mentor.id, (activeOf.get(p.mentor.id) ?? 0) + 1);

    const until = endedAt ?? new Date(now);
    const span = until.getTime() - startedAt.getTime();
    const goals = 2 + (i % 3);
    for (let g = 0; g < goals; g++) {
      // Ended mentorships reached most of their goals; active ones are on their way.
      const done = endedAt ? g < goals - (i % 2) : g < i % 3;
      const at = new Date(startedAt.getTime() + ((g + 1) * span) / (goals + 1));
      goalRows.push({
        mentorshipId: id,
        text: pick(STEPS, i + g),
        done,
        doneAt: done ? at : null,
        createdBy: g % 2 ? p.mentor.id : p.mentee.id,
        createdAt: new Date(startedAt.getTime() + g * HOUR),
      });
    }
    const sessions = Math.max(1, Math.min(6, Math.floor(span / (18 * DAY))));
    for (let s = 0; s < sessions; s++) {
      const heldAt = new Date(startedAt.getTime() + ((s + 0.5) * span) / sessions);
      sessionRows.push({
        mentorshipId: id,
        heldOn: heldAt.toISOString().slice(0, 10),
        minutes: pick([30, 45, 60, 60, 90], i + s),
        notes: pick(NOTES, i + s),
        loggedBy: s % 2 ? p.mentee.id : p.mentor.id,
        createdAt: new Date(heldAt.getTime() + 3 * HOUR),
      });
    }
    if (endedAt) {
      const first = endedBy === p.mentor.id ? 'mentor' : 'mentee';
      // Most rate at the ending; a few of the other side never came back to rate.
      const sides = i % 7 === 4 ? [first] : ['mentor', 'mentee'];
      for (const side of sides as ('mentor' | 'mentee')[])
        endingRows.push({
          mentorshipId: id,
          side,
          rating: side === 'mentor' ? pick([5, 4, 5, 5], i) : pick([5, 4, 3, 5, 4], i),
          comment: side === 'mentor' ? pick(MENTOR_COMMENTS, i) : pick(MENTEE_COMMENTS, i),
          createdAt: new Date(endedAt.getTime() + (side === first ? 0 : 2 * DAY)),
        });
    }
  }

  // Capacity: one mentee of room for everyone (two for member2@), none for the full mentor.
  const profileRows = mentors.map((m, i) => {
    const active = activeOf.get(m.id) ?? 0;
    const wanted = m.id === rahul.id ? 3 : faker.number.int({ min: 1, max: 4 });
    return {
      userId: m.id,
      collegeId,
      topics:
        m.id === rahul.id
          ? ['Career guidance', 'Interview preparation', 'Switching fields']
          : faker.helpers.arrayElements(TOPICS, { min: 1, max: 3 }),
      industries: faker.helpers.arrayElements(INDUSTRIES, { min: 1, max: 2 }),
      capacity: m.id === full.id ? active : Math.max(wanted, active + 1),
      howIHelp: pick(HOW_I_HELP, i),
      takingRequests: !paused.has(m.id),
      updatedAt: ago(200 - i * 4),
    };
  });
  if ((activeOf.get(full.id) ?? 0) < 1) throw new Error('the full mentor has no mentees');

  await tx.insert(mentorProfiles).values(profileRows);
  await tx.insert(mentoringRequests).values(requestRows);
  await tx.insert(mentorships).values(mentorshipRows);
  await tx.insert(mentorshipGoals).values(goalRows);
  await tx.insert(mentorshipSessions).values(sessionRows);
  await tx.insert(mentorshipEndings).values(endingRows);

  await seedSecondCollege(tx, ids.secondCollegeId);
}

/** The second college's members who ticked "open to mentoring" get a profile to match. */
async function seedSecondCollege(tx: Executor, collegeId: string) {
  await tx.execute(sql`
    insert into mentor_profiles (user_id, college_id, topics, industries, capacity, how_i_help)
    select u.id, u.college_id, array['Career guidance', 'Higher studies abroad'], array['Education'],
      2, 'A call now and then about careers after a degree in the arts and sciences.'
    from users u
    where u.college_id = ${collegeId} and u.open_to_mentoring and u.user_type = 'u'
  `);
}
