import { fakerEN_IN as faker } from '@faker-js/faker';
import { and, inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords';
import { TOTP_PURPOSE } from '../../modules/mfa/repository';
import { sealSecret } from '../secret-box';
import type { Database, Executor } from '../client';
import { seedDemoPosts } from './demo-posts';
import { seedDemoJobs } from './demo-jobs';
import { seedDemoChat } from './demo-chat';
import { seedDemoDispatch } from './demo-dispatch';
import { seedDemoCommunity } from './demo-community';
import { seedDemoMentoring } from './demo-mentoring';
import { seedDemoNotifications } from './demo-notifications';
import { seedDemoQuiz } from './quiz';
import {
  DEMO_ACCOUNTS,
  DEMO_ADMIN_EMAILS,
  DEMO_COLLEGE,
  DEMO_PASSWORD,
  DEMO_TOTP_SECRET,
  SECOND_COLLEGE,
} from './demo-accounts';
import {
  batches,
  branches,
  cities,
  colleges,
  courses,
  degrees,
  helpRequests,
  users,
} from '../schema';

export {
  DEMO_ACCOUNTS,
  DEMO_ADMIN_EMAILS,
  DEMO_COLLEGE,
  DEMO_PASSWORD,
  DEMO_TOTP_SECRET,
  SECOND_COLLEGE,
};

const MEMBER_COUNT = 500;

const STRUCTURE: Record<
  string,
  { degrees: Record<string, { years: number; branches: string[] }> }
> = {
  [DEMO_COLLEGE]: {
    degrees: {
      'B.Tech': {
        years: 4,
        branches: [
          'Computer Science',
          'Electronics and Communication',
          'Mechanical',
          'Civil',
          'Electrical',
        ],
      },
      'M.Tech': { years: 2, branches: ['Data Science', 'VLSI Design', 'Structural Engineering'] },
      MBA: { years: 2, branches: ['Finance', 'Marketing', 'Human Resources'] },
    },
  },
  [SECOND_COLLEGE]: {
    degrees: {
      'B.A.': { years: 3, branches: ['English', 'Economics', 'History'] },
      'B.Sc.': { years: 3, branches: ['Physics', 'Chemistry', 'Mathematics'] },
    },
  },
};
const FIRST_INTAKE = 2012;
const LAST_INTAKE = 2022;

/** Where the demo alumni live: [country code, city names as the dataset spells them]. */
const PLACES: [string, string[]][] = [
  ['IN', ['Bengaluru', 'Mumbai', 'Delhi', 'Hyderabad', 'Pune', 'Chennai', 'Kolkata', 'Ahmedabad']],
  ['US', ['San Francisco', 'New York City', 'Seattle', 'Austin', 'Boston']],
  ['GB', ['London', 'Manchester']],
  ['DE', ['Berlin', 'Munich']],
  ['SG', ['Singapore']],
  ['AE', ['Dubai', 'Abu Dhabi']],
  ['CA', ['Toronto', 'Vancouver']],
  ['AU', ['Sydney', 'Melbourne']],
];
const COMPANIES = [
  'Infosys',
  'Tata Consultancy Services',
  'Wipro',
  'Google',
  'Microsoft',
  'Amazon',
  'Flipkart',
  'Zoho',
  'Freshworks',
  'Larsen & Toubro',
  'Deloitte',
  'McKinsey & Company',
  'HDFC Bank',
  'Siemens',
  'Bosch',
  'Accenture',
  'Swiggy',
  'Razorpay',
  'Atlassian',
  'Self-employed',
];

async function createStructure(db: Executor, collegeName: string) {
  const [college] = await db.insert(colleges).values({ name: collegeName }).returning();
  if (!college) throw new Error('college insert returned nothing');
  const branchRows: { id: string; batchId: string; degreeId: string }[] = [];
  for (const [degreeName, { years, branches: branchNames }] of Object.entries(
    STRUCTURE[collegeName]?.degrees ?? {},
  )) {
    const [degree] = await db
      .insert(degrees)
      .values({ collegeId: college.id, degreeName, degreeDescription: `${degreeName} programme` })
      .returning();
    if (!degree) throw new Error('degree insert returned nothing');
    const batchValues = [];
    for (let intake = FIRST_INTAKE; intake <= LAST_INTAKE; intake += 2) {
      batchValues.push({
        collegeId: college.id,
        degreeId: degree.id,
        batchName: `${intake}-${intake + years}`,
        batchDescription: `${degreeName} intake of ${intake}`,
      });
    }
    const batchRows = await db.insert(batches).values(batchValues).returning();
    const created = await db
      .insert(branches)
      .values(
        batchRows.flatMap((b) =>
          branchNames.map((branchName) => ({
            collegeId: college.id,
            batchId: b.id,
            branchName,
            branchDescription: `${branchName}, ${b.batchName}`,
          })),
        ),
      )
      .returning();
    branchRows.push(...created.map((r) => ({ id: r.id, batchId: r.batchId, degreeId: degree.id })));
  }
  await db.insert(courses).values(
    ['Machine Learning', 'Entrepreneurship', 'Public Speaking'].map((courseName) => ({
      collegeId: college.id,
      courseName,
      courseDescription: `${courseName} elective`,
    })),
  );
  return { college, branchRows };
}

/**
 * The demo data a fresh start shows. Deterministic (fixed faker seed), and only written when the
 * demo college does not exist yet, so a second start reuses what is there.
 */
export async function seedDemoData(db: Database): Promise<boolean> {
  // Only a portal's first start gets the demo: a database with any college in it already holds
  // the demo or a real college's records (restored from a backup), and neither wants it again.
  const existing = await db.select({ id: colleges.id }).from(colleges).limit(1);
  if (existing.length > 0) return false;
  faker.seed(20261122);
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const candidates = await db
    .select({ id: cities.id, countryId: cities.countryId, cityName: cities.cityName })
    .from(cities)
    .where(
      and(
        inArray(
          cities.countryId,
          PLACES.map(([code]) => code),
        ),
        inArray(
          cities.cityName,
          PLACES.flatMap(([, names]) => names),
        ),
      ),
    )
    .orderBy(cities.countryId, cities.cityName);
  // The query crosses every demo country with every demo city name; keep only the real pairs
  // (London is in GB, not in CA).
  const wanted = new Set(PLACES.flatMap(([code, names]) => names.map((name) => `${code}|${name}`)));
  const places = candidates.filter((p) => wanted.has(`${p.countryId}|${p.cityName}`));

  await db.transaction(async (tx) => {
    const demo = await createStructure(tx, DEMO_COLLEGE);
    const second = await createStructure(tx, SECOND_COLLEGE);
    const usedHandles = new Set<string>();
    const handle = (first: string, last: string) => {
      const base = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
      let candidate = base;
      for (let n = 2; usedHandles.has(candidate); n++) candidate = `${base}${n}`;
      usedHandles.add(candidate);
      return candidate;
    };
    const person = (
      college: {
        college: { id: string };
        branchRows: { id: string; batchId: string; degreeId: string }[];
      },
      index: number,
      overrides: Partial<typeof users.$inferInsert> = {},
    ): typeof users.$inferInsert => {
      const firstName = overrides.firstName ?? faker.person.firstName();
      const lastName = overrides.lastName ?? faker.person.lastName();
      const place = faker.helpers.arrayElement(places);
      const branch = college.branchRows[index % college.branchRows.length];
      if (!branch) throw new Error('college has no branches');
      return {
        collegeId: college.college.id,
        degreeId: branch.degreeId,
        batchId: branch.batchId,
        branchId: branch.id,
        firstName,
        lastName,
        fullName: `${firstName} ${lastName}`,
        username: handle(firstName, lastName),
        email: `${firstName}.${lastName}.${index}@example.com`
          .toLowerCase()
          .replace(/[^a-z0-9.@]/g, ''),
        phone: String(9100000000 + index),
        phoneCountryCode: '+91',
        passwordHash,
        isApproved: true,
        isRegistered: true,
        locationCountryId: place?.countryId ?? null,
        locationCityId: place?.id ?? null,
        companyName: faker.helpers.arrayElement(COMPANIES),
        isEntrepreneur: faker.datatype.boolean({ probability: 0.15 }),
        openToMentoring: faker.datatype.boolean({ probability: 0.35 }),
        emailStatus: 'delivered',
        createdAt: faker.date.between({ from: '2023-01-01', to: '2026-10-31' }),
        ...overrides,
      };
    };

    const bengaluru = places.find((p) => p.cityName === 'Bengaluru');
    const demoAccounts: (typeof users.$inferInsert)[] = [
      {
        ...person(demo, 0, { firstName: 'Sam', lastName: 'Super' }),
        email: 'super@demo.alumnet.dev',
        phone: '9000000001',
        userType: 'a',
        isSuperAdmin: true,
      },
      {
        ...person(demo, 1, { firstName: 'Asha', lastName: 'Admin' }),
        email: 'admin@demo.alumnet.dev',
        phone: '9000000002',
        userType: 'a',
      },
      {
        ...person(demo, 0, { firstName: 'Meera', lastName: 'Menon' }),
        email: 'member@demo.alumnet.dev',
        phone: '9000000003',
        locationCountryId: 'IN',
        locationCityId: bengaluru?.id ?? null,
        companyName: 'Infosys',
      },
      {
        ...person(demo, 7, { firstName: 'Rahul', lastName: 'Verma' }),
        email: 'member2@demo.alumnet.dev',
        phone: '9000000004',
      },
      {
        ...person(second, 0, { firstName: 'Olivia', lastName: 'Dsouza' }),
        email: 'other@demo.alumnet.dev',
        phone: '9000000005',
      },
      {
        ...person(second, 1, { firstName: 'Ravi', lastName: 'Admin' }),
        email: 'admin2@demo.alumnet.dev',
        phone: '9000000006',
        userType: 'a',
      },
    ];
    const [, demoAdmin] = await tx.insert(users).values(demoAccounts).returning({ id: users.id });
    await tx
      .update(users)
      .set({
        totpSecret: await sealSecret(tx, TOTP_PURPOSE, DEMO_TOTP_SECRET),
        totpEnabledAt: new Date(),
      })
      .where(inArray(users.email, [...DEMO_ADMIN_EMAILS]));

    // Most alumni are approved; some signed up and wait for review, some were imported by CSV
    // and not yet invited, so the admin screens have every state to show.
    const members = Array.from({ length: MEMBER_COUNT }, (_, i) => {
      const row = person(demo, i + 3);
      if (i % 25 === 0)
        return { ...row, isApproved: false, passwordHash: null, emailStatus: 'not_sent' as const };
      // Signed up naming a degree the college has not set up: the New Data tab's rows.
      if (i % 50 === 7)
        return {
          ...row,
          isApproved: false,
          emailStatus: 'not_sent' as const,
          passwordHash: null,
          degreeId: null,
          batchId: null,
          branchId: null,
          newCollegeData: true,
          newDegreeRequestName: 'M.Sc',
          newBatchRequestName: `${2018 + (i % 4)}-${2020 + (i % 4)}`,
          newBranchRequestName: i % 2 ? 'Data Science' : 'Applied Physics',
        };
      if (i % 40 === 1)
        return {
          ...row,
          isApproved: false,
          isRegistered: false,
          passwordHash: null,
          emailStatus: 'not_sent' as const,
        };
      return row;
    });
    const secondMembers = Array.from({ length: 60 }, (_, i) => person(second, i + 1000));
    await tx.insert(users).values([...members, ...secondMembers]);

    await tx.insert(helpRequests).values([
      {
        fullName: 'Kiran Rao',
        email: 'kiran.rao@example.com',
        query: 'I cannot find my batch in the sign-up form.',
      },
      {
        fullName: 'Neha Gupta',
        email: 'neha.gupta@example.com',
        phone: '9812345678',
        query: 'How do I change the e-mail address on my account?',
      },
    ]);
    const collegeIds = { demoCollegeId: demo.college.id, secondCollegeId: second.college.id };
    await seedDemoJobs(tx, collegeIds);
    await seedDemoPosts(tx, collegeIds);
    await seedDemoChat(tx);
    await seedDemoDispatch(tx, demo.college.id, demoAdmin!.id);
    await seedDemoCommunity(tx, collegeIds);
    await seedDemoMentoring(tx, collegeIds);
    await seedDemoNotifications(tx);
    await seedDemoQuiz(tx, demo.college.id, demoAdmin!.id);
  });
  await db.execute(sql`ANALYZE`);
  return true;
}
