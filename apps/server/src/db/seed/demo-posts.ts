import { base, en, en_IN, Faker } from '@faker-js/faker';
import type { AccessLevel } from '@alumnet/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../client';
import { batches, branches, degrees, postComments, postLikes, posts, users } from '../schema';
import { levelIdOf } from '../../lib/policy';
import type { DemoImage } from '../../modules/images';

interface Member {
  id: string;
  email: string;
  firstName: string;
  collegeId: string;
  batchId: string;
  branchId: string;
  batchName: string;
  branchName: string;
  degreeName: string;
  companyName: string | null;
}

/** What a message may mention about its author and audience. */
interface Context {
  author: Member;
  friend: string;
  company: string;
  city: string;
}

interface Template {
  text: (c: Context) => string;
  image?: DemoImage;
}

const CITIES = ['Bengaluru', 'Pune', 'Hyderabad', 'Mumbai', 'Chennai', 'Singapore', 'London'];
const COMPANIES = ['Google', 'Flipkart', 'Razorpay', 'Zoho', 'Siemens', 'Deloitte', 'Atlassian'];

const COLLEGE_POSTS: Template[] = [
  {
    text: () =>
      'The campus looks beautiful after the monsoon. Visited the old main building last weekend and the banyan tree is still there!',
    image: 'demo-campus.jpg',
  },
  {
    text: () =>
      'Convocation day for the new graduates. Proud to see the next generation of alumni walk the stage. Welcome to the network!',
    image: 'demo-convocation.jpg',
  },
  {
    text: () =>
      'Annual alumni cricket match was a blast. The alumni XI won by 12 runs this time. Rematch next year?',
    image: 'demo-sports.jpg',
  },
  {
    text: () =>
      '36 hours, 40 teams, one very tired judging panel. Thank you to every alumnus who mentored at this year’s campus hackathon.',
    image: 'demo-hackathon.jpg',
  },
  {
    text: () =>
      'The renovated central library is open again, with a quiet reading room and a digital archive of old college magazines. Worth a visit.',
    image: 'demo-library.jpg',
  },
  {
    text: (c) =>
      `We are hiring backend engineers at ${c.company} in ${c.city}. Happy to refer anyone from the college, message me with your CV.`,
  },
  {
    text: () =>
      'Global Alumni Meet is on the second Saturday of next month in the main auditorium. Registration is free; families welcome.',
  },
  {
    text: (c) =>
      `Just moved to ${c.city} for a new role. Any alumni around? Would love to grab a coffee and meet people.`,
  },
  {
    text: () =>
      'Looking for mentors for final-year students preparing for placements. Even one hour a month helps a lot. Reply here if you can help.',
  },
  {
    text: (c) =>
      `Huge congratulations to ${c.friend} for being featured in the 30 under 30 list this year! Inspiring for all of us.`,
  },
  {
    text: () =>
      'Our startup closed its seed round today. Started as a side project in the hostel, never thought we would get here. Thank you all for the support!',
  },
  {
    text: () =>
      'The placement cell is collecting internship openings for next summer. If your team takes interns, please share the details with the college office.',
  },
  {
    text: () =>
      'Webinar this Friday at 7 pm: "Switching from services to product companies". Three alumni share their journey, Q&A at the end.',
  },
  {
    text: () =>
      'Blood donation camp on campus on Sunday, organised with the NSS unit. Alumni in the city, please drop by.',
  },
  {
    text: (c) =>
      `Completed ten years at ${c.company} today. Grateful to the professors who pushed us to think beyond the syllabus.`,
  },
  {
    text: () =>
      'Does anyone have photos from the 2015 cultural fest? Putting together a slideshow for the alumni meet.',
  },
  {
    text: () =>
      'Scholarship fund update: alumni contributions this year will support 18 students. Thank you to everyone who gave back.',
  },
  {
    text: (c) =>
      `Speaking at a cloud conference in ${c.city} next week. If any alumni are attending, let us meet at the venue.`,
  },
  {
    text: () =>
      'Sad to hear that our canteen uncle has retired after 30 years. Some of the best conversations of college happened over his chai.',
  },
  {
    text: () =>
      'Reminder to update your profile city and company, so alumni near you can find you on the directory.',
  },
  {
    text: (c) =>
      `Our team at ${c.company} is running a free weekend workshop on data analytics for students. Sharing the form with the college soon.`,
  },
  {
    text: () =>
      'The college has been ranked among the top 50 engineering institutes this year. Great news for everyone who studied here!',
  },
  {
    text: () =>
      'Alumni football league starts next month, five-a-side, weekend evenings. Put together a team and sign up!',
  },
  {
    text: (c) =>
      `Got my green card after eight years in ${c.city === 'London' ? 'the US' : 'Seattle'}. Happy to help anyone figuring out visas and relocation.`,
  },
];

const BATCH_POSTS: Template[] = [
  {
    text: (c) =>
      `${c.author.batchName} batch reunion was unforgettable. Ten years and it felt like we never left the hostel corridors.`,
    image: 'demo-reunion.jpg',
  },
  {
    text: (c) =>
      `Planning a ${c.author.degreeName} ${c.author.batchName} reunion for December on campus. Please fill in the poll so we can book the hall.`,
  },
  {
    text: (c) =>
      `Congratulations to ${c.friend} on the wedding! Half the batch was there, it felt like a mini reunion.`,
  },
  {
    text: () =>
      'Found our old group photo from the first-year orientation. Some of us have aged better than others.',
    image: 'demo-convocation.jpg',
  },
  {
    text: (c) =>
      `Batchmates in ${c.city}: dinner this Saturday at 8 pm? Reply here and I will book a table.`,
  },
  {
    text: (c) =>
      `${c.friend} just became a partner at the firm. Proud of you! First from our batch to get there.`,
  },
  {
    text: () =>
      'Creating a WhatsApp group for our batch, since the old one got lost when half of us changed numbers. Message me to be added.',
  },
  {
    text: (c) =>
      `The ${c.author.batchName} reunion photos are finally here. Thanks to everyone who travelled to make it!`,
    image: 'demo-reunion.jpg',
  },
  {
    text: () =>
      'Anyone from our batch working in renewable energy? A friend is looking for advice on switching careers.',
  },
  {
    text: (c) =>
      `Our batch cricket team is back! Practice on Sunday mornings near ${c.city === 'Bengaluru' ? 'HSR Layout' : 'the club ground'}.`,
    image: 'demo-sports.jpg',
  },
  {
    text: () =>
      'Collecting contributions for a bench in memory of our hostel warden. Details in the batch group.',
  },
  {
    text: (c) =>
      `Welcoming baby Aarav to the family! ${c.friend}, you were right, sleep is now a luxury.`,
  },
  {
    text: () =>
      'Reminder: batch contribution to the scholarship fund closes at the end of the month.',
  },
  {
    text: (c) =>
      `Moved back to India after six years. Settling in ${c.city}; batchmates nearby, let us catch up.`,
  },
  {
    text: () =>
      'Someone still has my drafting kit from second year. No questions asked, just return it at the reunion.',
  },
  {
    text: (c) =>
      `Started a new role as engineering manager at ${c.company}. Thank you all for the advice last month.`,
  },
  {
    text: () =>
      'Our batch quiz team is reuniting for the alumni quiz night. Who remembers the answer to the last question we lost on?',
  },
  {
    text: () =>
      'Twenty of us have signed up for the marathon next month. Still time to join the batch team!',
  },
];

const BRANCH_POSTS: Template[] = [
  {
    text: (c) =>
      `${c.author.branchName} juniors won the inter-college hackathon! Mentoring them was the best weekend of the year.`,
    image: 'demo-hackathon.jpg',
  },
  {
    text: (c) =>
      `Sharing my notes from a talk on system design for ${c.author.branchName} students preparing for interviews. Link in the comments.`,
  },
  {
    text: () =>
      'Our department lab got new equipment this year, funded partly by alumni. Visited last week and it looks amazing.',
    image: 'demo-library.jpg',
  },
  {
    text: (c) => `Congratulations to ${c.friend} on the PhD! First doctor from our branch class.`,
  },
  {
    text: (c) =>
      `Referral open at ${c.company}: two roles that fit our branch well. DM me if you are interested.`,
  },
  {
    text: () =>
      'Professor Iyer is retiring this semester. Planning a small farewell in the department; who can make it?',
    image: 'demo-campus.jpg',
  },
  {
    text: () =>
      'Is anyone still in touch with our final-year project guide? Want to invite him to speak at our company.',
  },
  {
    text: (c) =>
      `${c.friend} and I are starting a study circle on machine learning papers, online on Sunday evenings. Everyone from the branch welcome.`,
  },
  {
    text: () =>
      'Found my old lab record book while moving house. The handwriting has not improved.',
  },
  {
    text: (c) =>
      `Just presented our work at a conference in ${c.city}. The foundation from our core subjects really paid off.`,
  },
  {
    text: () =>
      'Department alumni newsletter is out. Send your updates for the next issue: new jobs, moves, startups, weddings.',
  },
  {
    text: (c) =>
      `Our team at ${c.company} is looking for a summer intern from the branch. Good stipend and real projects.`,
  },
  {
    text: () =>
      'Branch-wise alumni mentoring starts next week. Each of us gets two juniors; please do not ghost them!',
  },
  {
    text: (c) =>
      `Happy to share that I cleared the GATE exam again after 8 years, for fun. ${c.friend}, you owe me a treat.`,
  },
  {
    text: () =>
      'Any branch alumni in the core industry rather than software? Students keep asking me and I would like to connect them with you.',
  },
  {
    text: (c) =>
      `Published my first patent with the team at ${c.company}! Started with an idea from our final-year elective.`,
  },
  {
    text: () =>
      'Department fest is in February. They have asked alumni to judge the project expo; who is in?',
  },
  {
    text: () =>
      'Our branch WhatsApp group crossed 200 members. Good to see everyone still around after all these years.',
  },
];

const SECOND_COLLEGE_POSTS: { level: AccessLevel; text: string }[] = [
  {
    level: 'college',
    text: 'Riverside literary society is reviving the annual magazine. Alumni contributions welcome!',
  },
  {
    level: 'college',
    text: 'Homecoming weekend is set for the first week of March. Save the date, Riversiders.',
  },
  {
    level: 'college',
    text: 'The college choir is performing at the city music festival. Come cheer for them.',
  },
  {
    level: 'batch',
    text: 'Our batch is planning a trip to the hills in January. Who is in?',
  },
  {
    level: 'batch',
    text: 'Congratulations to our batchmate on clearing the civil services exam!',
  },
  {
    level: 'branch',
    text: 'Economics alumni: a panel on careers in policy research next Thursday, online.',
  },
];

const COMMENTS = [
  'Congratulations!',
  'This is amazing, well done!',
  'Count me in.',
  'Wish I could be there. Next time for sure.',
  'Brings back so many memories.',
  'Great news, proud of you!',
  'Sharing this with my team.',
  'Let me know if you need help organising.',
  'See you there!',
  'Thanks for sharing this.',
  'So good to see this!',
  'Interested, sending you a message.',
  'Miss those days.',
  'Fantastic initiative.',
];

const DAY = 24 * 60 * 60 * 1000;

/**
 * About 60 posts in the demo college over all three levels, several visible to each demo member at
 * each level, with images, likes (likes_count equal to the rows) and comments, plus a few in the
 * second college. Deterministic content (its own fixed faker seed); the dates are spread over
 * the months before the seed runs, so a fresh start always shows a recent-looking feed.
 */
export async function seedDemoPosts(
  db: Executor,
  { demoCollegeId, secondCollegeId }: { demoCollegeId: string; secondCollegeId: string },
) {
  const now = new Date();
  const faker = new Faker({ locale: [en_IN, en, base], seed: 20261123 });

  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      collegeId: users.collegeId,
      batchId: users.batchId,
      branchId: users.branchId,
      batchName: batches.batchName,
      branchName: branches.branchName,
      degreeName: degrees.degreeName,
      companyName: users.companyName,
    })
    .from(users)
    .innerJoin(batches, eq(batches.id, users.batchId))
    .innerJoin(branches, eq(branches.id, users.branchId))
    .innerJoin(degrees, eq(degrees.id, users.degreeId))
    .where(
      and(
        inArray(users.collegeId, [demoCollegeId, secondCollegeId]),
        eq(users.isApproved, true),
        eq(users.isRejected, false),
        eq(users.userType, 'u'),
        eq(users.isSuperAdmin, false),
      ),
    )
    .orderBy(users.email);
  const members: Member[] = rows.flatMap(({ collegeId, batchId, branchId, ...r }) =>
    collegeId && batchId && branchId ? [{ ...r, collegeId, batchId, branchId }] : [],
  );
  const byEmail = (email: string) => {
    const m = members.find((x) => x.email === email);
    if (!m) throw new Error(`demo member ${email} is missing`);
    return m;
  };
  const meera = byEmail('member@demo.alumnet.dev');
  const rahul = byEmail('member2@demo.alumnet.dev');
  const olivia = byEmail('other@demo.alumnet.dev');
  const inCollege = (collegeId: string) => members.filter((m) => m.collegeId === collegeId);
  const demoMembers = inCollege(demoCollegeId);
  const secondMembers = inCollege(secondCollegeId);

  const audienceOf = (level: AccessLevel, levelId: string) =>
    members.filter((m) => levelIdOf(m, level) === levelId);
  /** Someone other than the demo members who shares the given level with `anchor`. */
  const authorNear = (anchor: Member, level: AccessLevel) => {
    const peers = audienceOf(level, levelIdOf(anchor, level)).filter(
      (m) => m.id !== meera.id && m.id !== rahul.id,
    );
    return peers.length > 0 ? faker.helpers.arrayElement(peers) : anchor;
  };
  // Other batches and branches of the demo college, so the feed really is filtered.
  const strangers = demoMembers.filter(
    (m) =>
      m.batchId !== meera.batchId &&
      m.batchId !== rahul.batchId &&
      m.branchId !== meera.branchId &&
      m.branchId !== rahul.branchId,
  );

  interface Planned {
    id: string;
    author: Member;
    level: AccessLevel;
    message: string;
    image: DemoImage | null;
    createdAt: Date;
  }
  const planned: Planned[] = [];
  const plan = (author: Member, level: AccessLevel, template: Template) => {
    const friend = faker.helpers.arrayElement(audienceOf(level, levelIdOf(author, level)));
    planned.push({
      id: faker.string.uuid(),
      author,
      level,
      message: template.text({
        author,
        friend: friend.id === author.id ? faker.person.firstName() : friend.firstName,
        company:
          author.companyName && author.companyName !== 'Self-employed'
            ? author.companyName
            : faker.helpers.arrayElement(COMPANIES),
        city: faker.helpers.arrayElement(CITIES),
      }),
      image: template.image ?? null,
      createdAt: new Date(
        now.getTime() - faker.number.int({ min: 2 * 60 * 60 * 1000, max: 150 * DAY }),
      ),
    });
  };

  COLLEGE_POSTS.forEach((template, i) => {
    // Some from the demo members' own batches, most from anyone in the college.
    const anchor =
      i % 6 === 0 ? meera : i % 6 === 3 ? rahul : faker.helpers.arrayElement(demoMembers);
    plan(i % 6 === 0 || i % 6 === 3 ? authorNear(anchor, 'batch') : anchor, 'college', template);
  });
  BATCH_POSTS.forEach((template, i) => {
    if (i === 4) plan(meera, 'batch', template);
    else if (i < 7) plan(authorNear(meera, 'batch'), 'batch', template);
    else if (i < 12) plan(authorNear(rahul, 'batch'), 'batch', template);
    else plan(faker.helpers.arrayElement(strangers), 'batch', template);
  });
  BRANCH_POSTS.forEach((template, i) => {
    if (i === 1) plan(meera, 'branch', template);
    else if (i < 6) plan(authorNear(meera, 'branch'), 'branch', template);
    else if (i < 10) plan(authorNear(rahul, 'branch'), 'branch', template);
    else plan(faker.helpers.arrayElement(strangers), 'branch', template);
  });
  SECOND_COLLEGE_POSTS.forEach(({ level, text }, i) => {
    const author =
      i === 0
        ? olivia
        : level === 'college'
          ? faker.helpers.arrayElement(secondMembers)
          : authorNear(olivia, level);
    plan(author, level, { text: () => text });
  });

  const likes: (typeof postLikes.$inferInsert)[] = [];
  const comments: (typeof postComments.$inferInsert)[] = [];
  const postValues = planned.map((p) => {
    const audience = audienceOf(p.level, levelIdOf(p.author, p.level)).filter(
      (m) => m.id !== p.author.id,
    );
    const likers = faker.helpers.arrayElements(audience, {
      min: 0,
      max: Math.min(audience.length, p.level === 'college' ? 24 : 9),
    });
    // The demo member likes about a third of what she sees, so hearts show both states.
    if (
      audience.some((m) => m.id === meera.id) &&
      !likers.some((m) => m.id === meera.id) &&
      faker.datatype.boolean({ probability: 0.35 })
    ) {
      likers.push(meera);
    }
    const age = now.getTime() - p.createdAt.getTime();
    const after = (maxShare: number) =>
      new Date(
        p.createdAt.getTime() +
          faker.number.int({ min: 60_000, max: Math.max(60_000, Math.floor(age * maxShare)) }),
      );
    for (const m of likers) likes.push({ postId: p.id, userId: m.id, createdAt: after(0.5) });
    const commenters = faker.helpers.arrayElements(audience, {
      min: 0,
      max: Math.min(audience.length, 4),
    });
    const times = commenters.map(() => after(0.8)).sort((a, b) => a.getTime() - b.getTime());
    commenters.forEach((m, i) =>
      comments.push({
        postId: p.id,
        userId: m.id,
        comment: faker.helpers.arrayElement(COMMENTS),
        createdAt: times[i],
      }),
    );
    return {
      id: p.id,
      collegeId: p.author.collegeId,
      authorId: p.author.id,
      message: p.message,
      image: p.image,
      accessLevel: p.level,
      accessLevelId: levelIdOf(p.author, p.level),
      likesCount: likers.length,
      createdAt: p.createdAt,
    };
  });

  await db.insert(posts).values(postValues);
  if (likes.length > 0) await db.insert(postLikes).values(likes);
  if (comments.length > 0) await db.insert(postComments).values(comments);
}
