import { randomBytes } from 'node:crypto';
import { base, en, Faker } from '@faker-js/faker';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../client';
import {
  batches,
  cities,
  groupMembers,
  groupMessages,
  groups,
  postComments,
  postLikes,
  posts,
  users,
} from '../schema';
import { applyGroupRule } from '../../modules/groups';
import type { DemoImage } from '../../modules/images';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface Person {
  id: string;
  email: string;
  batchName: string | null;
  cityId: number | null;
  isEntrepreneur: boolean;
  openToMentoring: boolean;
}

/** A group's post: written by its `by`-th member (organisers first), `daysAgo` before the seed. */
interface DemoPost {
  by: number;
  daysAgo: number;
  text: string;
  pinned?: boolean;
}
/** A stretch of the group's chat: [which member speaks, minutes after the previous line, text]. */
interface DemoTalk {
  daysAgo: number;
  lines: [number, number, string][];
}
interface Content {
  posts: DemoPost[];
  chat: DemoTalk[];
}

const BENGALURU: Content = {
  posts: [
    {
      by: 0,
      daysAgo: 20,
      pinned: true,
      text: 'Welcome to the Bengaluru Chapter! Everyone whose profile says Bengaluru is in, automatically. Meetups are on the second Saturday of the month; watch this space for the venue.',
    },
    {
      by: 2,
      daysAgo: 9,
      text: 'Saturday meetup at the Indiranagar brewery was great, 25 of us turned up. Next one we try somewhere closer to Whitefield for the folks on the east side.',
    },
    {
      by: 1,
      daysAgo: 5,
      text: 'Anyone up for a Nandi Hills sunrise ride on Sunday? Leaving Hebbal at 4:30 am, carpooling from Koramangala and HSR.',
    },
    {
      by: 3,
      daysAgo: 2,
      text: 'Our team is hiring two data engineers in Bengaluru, hybrid from Bellandur. Happy to refer anyone from the chapter.',
    },
  ],
  chat: [
    {
      daysAgo: 4.2,
      lines: [
        [1, 0, 'Who is coming to the meetup on Saturday?'],
        [2, 6, 'Count me in, bringing my cousin who just moved here.'],
        [0, 14, 'Booked a table for 20 at 7 pm. Reply here if you need a ride.'],
        [3, 9, 'Coming from Electronic City, will be a bit late, traffic permitting!'],
        [1, 3, 'Traffic never permits :)'],
      ],
    },
    {
      daysAgo: 1.1,
      lines: [
        [2, 0, 'Thanks everyone for Saturday, photos are in the shared album.'],
        [0, 25, 'That was fun. Same time next month?'],
        [3, 4, 'Yes please. Maybe a board games night for a change?'],
      ],
    },
  ],
};

const STARTUPS: Content = {
  posts: [
    {
      by: 0,
      daysAgo: 30,
      pinned: true,
      text: 'House rules: share lessons, leads and intros freely; no cold sales pitches. Ask for help early, someone here has been through it.',
    },
    {
      by: 1,
      daysAgo: 12,
      text: 'We closed our seed round this week. Happy to share the deck and what investors pushed back on, just ask.',
    },
    {
      by: 2,
      daysAgo: 6,
      text: 'Looking for a co-founder with a hardware background for an agritech idea. Coffee in Pune or a call, whichever suits.',
    },
    {
      by: 3,
      daysAgo: 1,
      text: 'Founders office hours with two alumni VCs next Thursday, 6 pm online. Ten slots of fifteen minutes each.',
    },
  ],
  chat: [
    {
      daysAgo: 3.5,
      lines: [
        [2, 0, 'Anyone used a good payroll tool for a team of 10?'],
        [1, 12, 'We use one of the Indian ones, works fine with PF and TDS. Will DM you the name.'],
        [0, 30, 'Also worth asking your CA, ours set everything up in a week.'],
      ],
    },
    {
      daysAgo: 0.8,
      lines: [
        [3, 0, 'Sign-up sheet for the VC office hours is up, first come first served.'],
        [1, 5, 'Took the 6:15 slot, thanks for setting this up!'],
      ],
    },
  ],
};

const CLASS_OF_2016: Content = {
  posts: [
    {
      by: 0,
      daysAgo: 25,
      pinned: true,
      text: 'Ten years since we graduated! The reunion is on campus in December. The reunion committee will post the details here; tell your batchmates to join this group.',
    },
    {
      by: 2,
      daysAgo: 14,
      text: 'Found the photo from our farewell in the old auditorium. Some of us have aged better than others.',
    },
    {
      by: 1,
      daysAgo: 8,
      text: 'Collecting "where are you now" notes for a slideshow at the reunion. One line and one photo each, please!',
    },
    {
      by: 3,
      daysAgo: 3,
      text: 'Anyone still in touch with our hostel warden? Would love to invite him for the reunion dinner.',
    },
  ],
  chat: [
    {
      daysAgo: 6.3,
      lines: [
        [1, 0, 'Is the reunion date final?'],
        [0, 20, 'Second Saturday of December, the hall is booked.'],
        [2, 7, 'Flights booked from Singapore!'],
        [3, 15, 'Will the canteen be open? Asking for a friend who wants one last samosa.'],
        [0, 4, 'Already asked, yes it will :)'],
      ],
    },
    {
      daysAgo: 0.5,
      lines: [
        [2, 0, 'Slideshow notes: 34 in so far, keep them coming.'],
        [1, 10, 'Sending mine tonight.'],
      ],
    },
  ],
};

const MENTORS: Content = {
  posts: [
    {
      by: 0,
      daysAgo: 18,
      pinned: true,
      text: 'This circle pairs alumni mentors with final-year students. One hour a month is enough. Ask to join and one of us organisers will let you in.',
    },
    {
      by: 1,
      daysAgo: 10,
      text: 'Placement season starts in three weeks. Mock interviews on the weekend of the 20th; we need eight more mentors for the technical rounds.',
    },
    {
      by: 2,
      daysAgo: 4,
      text: 'My mentee got an offer from a product company today. It is the best feeling, try mentoring if you have not yet!',
    },
  ],
  chat: [
    {
      daysAgo: 2.4,
      lines: [
        [1, 0, 'Mock interview slots are in the sheet, please pick two.'],
        [0, 18, 'Took Saturday morning. Shall we share a question bank?'],
        [2, 6, 'I have one from last year, will upload it.'],
        [3, 40, 'Can I do the HR rounds instead of the technical ones?'],
        [1, 3, 'Of course, thank you!'],
      ],
    },
  ],
};

const REUNION_COMMITTEE: Content = {
  posts: [
    {
      by: 0,
      daysAgo: 15,
      pinned: true,
      text: 'Committee only: budget sheet, vendor quotes and the guest list live here until we announce the reunion in the class group.',
    },
    {
      by: 1,
      daysAgo: 7,
      text: 'Two caterers quoted. The second one is cheaper and did the convocation lunch, so I suggest we go with them.',
    },
  ],
  chat: [
    {
      daysAgo: 1.7,
      lines: [
        [0, 0, 'Can everyone confirm the budget by Friday?'],
        [1, 11, 'Confirmed from my side.'],
        [2, 35, 'Same. Should we ask the college for the auditorium as well?'],
        [0, 8, 'Good idea, I will write to the alumni office.'],
      ],
    },
  ],
};

const COMMENTS = [
  'Count me in!',
  'Great idea.',
  'Thanks for organising this.',
  'See you there.',
  'Sharing with my friends from the batch.',
  'Interested, sending you a message.',
  'This is so useful, thank you.',
  'Love this!',
];

/**
 * The demo college's groups, one of each kind (issue 27), with organisers, members, posts (one
 * pinned), comments, likes and a chat history; plus the second college's group with requests
 * waiting.
 * - Bengaluru Chapter: automatic, by city; its members are whoever the rule matches.
 * - Startup Founders: by request, with requests waiting (the join-request screens, and the demo
 *   member asks to join it in the e2e tests: she is not in it).
 * - Class of 2016: open; neither demo member is in it yet, so either can try joining.
 * - Mentors Circle: by request, organised by the demo member (member@) with requests waiting for
 *   her; her own request was approved (the notification the demo shows her).
 * - Class of 2016 Reunion Committee: hidden, with an invitation link; the demo member is a plain
 *   member.
 * Deterministic: the same people and texts every time (a fixed faker seed); the times are recent
 * relative to when the seed runs.
 */
export async function seedDemoGroups(
  tx: Executor,
  ids: { demoCollegeId: string; secondCollegeId: string },
) {
  const now = Date.now();
  const faker = new Faker({ locale: [en, base], seed: 20261127 });
  const listed = (collegeId: string) =>
    tx
      .select({
        id: users.id,
        email: users.email,
        batchName: batches.batchName,
        cityId: users.locationCityId,
        isEntrepreneur: users.isEntrepreneur,
        openToMentoring: users.openToMentoring,
      })
      .from(users)
      .leftJoin(batches, eq(batches.id, users.batchId))
      .where(
        and(
          eq(users.collegeId, collegeId),
          eq(users.userType, 'u'),
          eq(users.isApproved, true),
          eq(users.isRejected, false),
          eq(users.isSuperAdmin, false),
        ),
      )
      // Seeded alumni have phones 91000000NN in the order they were generated.
      .orderBy(asc(users.phone));
  const everyone: Person[] = await listed(ids.demoCollegeId);
  const meera = everyone.find((p) => p.email === 'member@demo.alumnet.dev');
  const rahul = everyone.find((p) => p.email === 'member2@demo.alumnet.dev');
  if (!meera || !rahul) throw new Error('demo members missing');
  const alumni = everyone.filter((p) => !p.email.endsWith('@demo.alumnet.dev'));
  const [bengaluru] = await tx
    .select({ id: cities.id })
    .from(cities)
    .where(and(eq(cities.countryId, 'IN'), eq(cities.cityName, 'Bengaluru')));
  if (!bengaluru) throw new Error('Bengaluru is missing from the cities');

  const made = await tx
    .insert(groups)
    .values([
      {
        collegeId: ids.demoCollegeId,
        groupName: 'Bengaluru Chapter',
        description: 'Alumni living and working in and around Bengaluru.',
        kind: 'automatic',
        ruleField: 'city',
        ruleValue: String(bengaluru.id),
        coverPicture: 'demo-campus.jpg' satisfies DemoImage,
      },
      {
        collegeId: ids.demoCollegeId,
        groupName: 'Startup Founders',
        description: 'Founders and early employees sharing lessons and leads.',
        kind: 'request',
        coverPicture: 'demo-hackathon.jpg' satisfies DemoImage,
      },
      {
        collegeId: ids.demoCollegeId,
        groupName: 'Class of 2016',
        description: 'Reunions and news from everyone who graduated in 2016.',
        kind: 'open',
        coverPicture: 'demo-convocation.jpg' satisfies DemoImage,
      },
      {
        collegeId: ids.demoCollegeId,
        groupName: 'Mentors Circle',
        description: 'Alumni mentoring final-year students through placements and first jobs.',
        kind: 'request',
        coverPicture: 'demo-library.jpg' satisfies DemoImage,
      },
      {
        collegeId: ids.demoCollegeId,
        groupName: 'Class of 2016 Reunion Committee',
        description: 'The organisers of the ten-year reunion.',
        kind: 'hidden',
        inviteToken: randomBytes(18).toString('base64url'),
        coverPicture: 'demo-reunion.jpg' satisfies DemoImage,
      },
      {
        collegeId: ids.secondCollegeId,
        groupName: 'Mumbai Meetups',
        description: 'Monthly meetups for alumni in Mumbai.',
        kind: 'request',
      },
    ])
    .returning({ id: groups.id, name: groups.groupName });
  const groupId = (name: string) => made.find((g) => g.name === name)!.id;

  // An automatic group made after its members: filled as an admin's new group is; the users
  // triggers of migration 0008 keep it right from then on.
  const chapterId = groupId('Bengaluru Chapter');
  await applyGroupRule(tx, chapterId);
  const chapterRows = await tx
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, chapterId));
  const inChapter = new Set(chapterRows.map((r) => r.userId));
  const chapterAlumni = alumni.filter((p) => inChapter.has(p.id));
  if (chapterAlumni.length < 4) throw new Error('too few demo alumni live in Bengaluru');
  const chapterOrganisers = chapterAlumni.slice(0, 2);
  await tx
    .update(groupMembers)
    .set({ role: 'organiser' })
    .where(
      and(
        eq(groupMembers.groupId, chapterId),
        inArray(
          groupMembers.userId,
          chapterOrganisers.map((p) => p.id),
        ),
      ),
    );

  const founders = alumni.filter((p) => p.isEntrepreneur).slice(0, 8);
  const classmates = alumni.filter((p) => p.batchName?.endsWith('-2016')).slice(0, 12);
  const mentors = alumni.filter((p) => p.openToMentoring && !p.isEntrepreneur).slice(0, 7);
  const notIn = (members: Person[]) => alumni.filter((p) => !members.includes(p));
  const rows: (typeof groupMembers.$inferInsert)[] = [];
  const add = (
    group: string,
    people: Person[],
    organisers: number,
    daysAgo: (i: number) => number,
  ) =>
    people.forEach((p, i) =>
      rows.push({
        groupId: groupId(group),
        userId: p.id,
        status: 'approved',
        role: i < organisers ? 'organiser' : 'member',
        createdAt: new Date(now - daysAgo(i) * DAY),
      }),
    );
  const ask = (group: string, people: Person[]) =>
    people.forEach((p, i) =>
      rows.push({
        groupId: groupId(group),
        userId: p.id,
        status: 'pending',
        createdAt: new Date(now - (i + 1) * DAY + i * 37 * MINUTE),
      }),
    );

  const startupMembers = founders;
  add('Startup Founders', startupMembers, 2, (i) => 40 - i * 3);
  ask('Startup Founders', notIn(startupMembers).slice(0, 4));
  const classMembers = classmates;
  add('Class of 2016', classMembers, 2, (i) => 30 - i * 2);
  const mentorMembers = [meera, ...mentors];
  add('Mentors Circle', mentorMembers, 2, (i) => 25 - i * 2);
  ask('Mentors Circle', notIn(mentorMembers).slice(10, 12));
  const committee = [classMembers[0]!, classMembers[2]!, meera, classMembers[5]!];
  add('Class of 2016 Reunion Committee', committee, 1, (i) => 16 - i);
  const secondAlumni = (await listed(ids.secondCollegeId)).filter(
    (p) => !p.email.endsWith('@demo.alumnet.dev'),
  );
  ask('Mumbai Meetups', secondAlumni.slice(0, 3));
  await tx.insert(groupMembers).values(rows);

  // Posts, comments and likes, then one pinned post each, then the chat.
  const content: [string, Person[], Content][] = [
    ['Bengaluru Chapter', [...chapterOrganisers, meera, ...chapterAlumni.slice(2)], BENGALURU],
    ['Startup Founders', startupMembers, STARTUPS],
    ['Class of 2016', classMembers, CLASS_OF_2016],
    ['Mentors Circle', mentorMembers, MENTORS],
    ['Class of 2016 Reunion Committee', committee, REUNION_COMMITTEE],
  ];
  const postRows: (typeof posts.$inferInsert)[] = [];
  const likes: (typeof postLikes.$inferInsert)[] = [];
  const comments: (typeof postComments.$inferInsert)[] = [];
  const pins: [string, string][] = [];
  const chat: (typeof groupMessages.$inferInsert)[] = [];
  for (const [name, members, { posts: planned, chat: talks }] of content) {
    const id = groupId(name);
    const member = (i: number) => members[i % members.length]!;
    for (const post of planned) {
      const postId = faker.string.uuid();
      const author = member(post.by);
      const createdAt = new Date(now - post.daysAgo * DAY);
      const age = now - createdAt.getTime();
      const after = () =>
        new Date(createdAt.getTime() + faker.number.int({ min: MINUTE, max: age / 2 }));
      const audience = members.filter((m) => m !== author);
      const likers = faker.helpers.arrayElements(audience, {
        min: 1,
        max: Math.min(audience.length, 8),
      });
      for (const m of likers) likes.push({ postId, userId: m.id, createdAt: after() });
      const commenters = faker.helpers.arrayElements(audience, {
        min: 0,
        max: Math.min(audience.length, 3),
      });
      const times = commenters.map(after).sort((a, b) => a.getTime() - b.getTime());
      commenters.forEach((m, i) =>
        comments.push({
          postId,
          userId: m.id,
          comment: faker.helpers.arrayElement(COMMENTS),
          createdAt: times[i],
        }),
      );
      postRows.push({
        id: postId,
        collegeId: ids.demoCollegeId,
        authorId: author.id,
        message: post.text,
        accessLevel: 'group',
        accessLevelId: id,
        likesCount: likers.length,
        createdAt,
      });
      if (post.pinned) pins.push([id, postId]);
    }
    for (const talk of talks) {
      let at = now - talk.daysAgo * DAY;
      for (const [speaker, minutes, text] of talk.lines) {
        at += minutes * MINUTE;
        chat.push({
          groupId: id,
          senderId: member(speaker).id,
          message: text,
          createdAt: new Date(at),
        });
      }
    }
  }
  await tx.insert(posts).values(postRows);
  await tx.insert(postLikes).values(likes);
  if (comments.length > 0) await tx.insert(postComments).values(comments);
  for (const [id, postId] of pins)
    await tx.update(groups).set({ pinnedPostId: postId }).where(eq(groups.id, id));
  await tx.insert(groupMessages).values(chat);
}
