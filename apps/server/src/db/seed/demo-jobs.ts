import type { AccessLevel, JOB_CATEGORIES, JOB_TYPES } from '@alumnet/contract';
import { SimpleFaker } from '@faker-js/faker';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { levelIdOf } from '../../lib/policy';
import { sanitizeJobHtml } from '../../lib/sanitize-html';
import type { Executor } from '../client';
import { jobComments, jobLikes, jobs, users } from '../schema';

type Category = (typeof JOB_CATEGORIES)[number];
type JobType = (typeof JOB_TYPES)[number];
/**
 * Who writes a demo job. `memberBranch` / `memberBatch`: someone sharing the demo member's branch
 * or only their batch, so member@demo sees jobs at every level; `elsewhere`: someone of another
 * batch, so some jobs stay out of the member's sight.
 */
type Author = 'admin' | 'member' | 'member2' | 'memberBranch' | 'memberBatch' | 'elsewhere' | 'any';

interface Posting {
  title: string;
  category: Category;
  type: JobType;
  company: string;
  city: string;
  summary: string;
  requirements: string[];
  level: AccessLevel;
  author: Author;
}

const DEMO_POSTINGS: Posting[] = [
  {
    title: 'Financial Analyst',
    category: 'Finance',
    type: 'fulltime',
    company: 'HDFC Bank',
    city: 'Mumbai',
    summary:
      'Join the corporate banking team to build cash-flow models, review credit proposals and present portfolio trends to senior management.',
    requirements: [
      'MBA (Finance) or CA with 1-3 years of experience',
      'Strong Excel and financial modelling skills',
      'Clear written communication',
    ],
    level: 'college',
    author: 'any',
  },
  {
    title: 'Investment Banking Summer Intern',
    category: 'Finance',
    type: 'internship',
    company: 'Kotak Mahindra Bank',
    city: 'Mumbai',
    summary:
      'An eight-week summer internship supporting the M&A desk with company research, pitch books and valuation comparables.',
    requirements: [
      'Current MBA or final-year undergraduate student',
      'Comfort with accounting statements',
      'Available May to July',
    ],
    level: 'batch',
    author: 'elsewhere',
  },
  {
    title: 'Product Marketing Manager',
    category: 'Sales & Marketing',
    type: 'fulltime',
    company: 'Freshworks',
    city: 'Chennai',
    summary:
      'Own positioning and launches for our customer-service suite, working with product, sales and design across three regions.',
    requirements: [
      '4+ years in B2B SaaS marketing',
      'Experience running product launches end to end',
      'A portfolio of messaging or launch material',
    ],
    level: 'batch',
    author: 'memberBatch',
  },
  {
    title: 'Digital Marketing Intern',
    category: 'Sales & Marketing',
    type: 'internship',
    company: 'Swiggy',
    city: 'Bengaluru',
    summary:
      'Help the growth team plan and measure campaigns across search, social and in-app channels.',
    requirements: [
      'Curiosity about consumer behaviour',
      'Basic spreadsheet skills; SQL is a plus',
      'Six months, starting in January',
    ],
    level: 'college',
    author: 'any',
  },
  {
    title: 'Associate Consultant',
    category: 'Consulting',
    type: 'fulltime',
    company: 'Deloitte',
    city: 'Hyderabad',
    summary:
      'Work with clients in manufacturing and retail on operating-model and cost-transformation projects. Alumni referrals are fast-tracked.',
    requirements: [
      'Engineering or MBA graduate, 0-2 years of experience',
      'Structured problem solving',
      'Willingness to travel to client sites',
    ],
    level: 'college',
    author: 'admin',
  },
  {
    title: 'Business Analyst',
    category: 'Consulting',
    type: 'fulltime',
    company: 'McKinsey & Company',
    city: 'Gurugram',
    summary:
      'Join a generalist team solving strategy and operations problems for leading Indian and global companies.',
    requirements: [
      'Outstanding academic record',
      'Strong analytical and communication skills',
      'Up to 2 years of work experience',
    ],
    level: 'college',
    author: 'member2',
  },
  {
    title: 'HR Business Partner',
    category: 'HR',
    type: 'fulltime',
    company: 'Siemens',
    city: 'Pune',
    summary:
      'Partner with engineering leaders on workforce planning, performance cycles and employee engagement for a 600-person site.',
    requirements: [
      'MBA (HR) with 5+ years of experience',
      'Knowledge of Indian labour law',
      'Experience with Workday or SuccessFactors',
    ],
    level: 'college',
    author: 'any',
  },
  {
    title: 'Talent Acquisition Intern',
    category: 'HR',
    type: 'internship',
    company: 'Razorpay',
    city: 'Bengaluru',
    summary:
      'Support campus hiring: screen applications, schedule interviews and help run our hiring events.',
    requirements: [
      'Excellent people skills',
      'Organised and detail-oriented',
      'Three-month commitment',
    ],
    level: 'branch',
    author: 'elsewhere',
  },
  {
    title: 'Backend Engineer (Node.js)',
    category: 'IT & Systems',
    type: 'fulltime',
    company: 'Razorpay',
    city: 'Bengaluru',
    summary:
      'Build and run the payment APIs that process millions of transactions a day. My team is hiring three engineers this quarter.',
    requirements: [
      '2+ years building services in Node.js or Go',
      'PostgreSQL and message queues',
      'Ownership of code in production',
    ],
    level: 'branch',
    author: 'memberBranch',
  },
  {
    title: 'Frontend Developer (React)',
    category: 'IT & Systems',
    type: 'fulltime',
    company: 'Zoho',
    city: 'Chennai',
    summary:
      'Design and build accessible interfaces for Zoho CRM used by businesses in 180 countries.',
    requirements: [
      'Strong JavaScript, TypeScript and React',
      'An eye for detail and accessibility',
      'Experience with testing libraries',
    ],
    level: 'college',
    author: 'member',
  },
  {
    title: 'Software Engineering Intern',
    category: 'IT & Systems',
    type: 'internship',
    company: 'Google',
    city: 'Bengaluru',
    summary:
      'A 12-week internship on a product team, with a mentor, a real project and a final presentation.',
    requirements: [
      'Pursuing a B.Tech or M.Tech in Computer Science',
      'Data structures and algorithms in one language',
      'Available from May',
    ],
    level: 'branch',
    author: 'memberBranch',
  },
  {
    title: 'Site Reliability Engineer',
    category: 'IT & Systems',
    type: 'fulltime',
    company: 'Atlassian',
    city: 'Bengaluru',
    summary:
      'Keep Jira and Confluence fast and available: automate operations, improve observability and lead incident reviews.',
    requirements: [
      'Linux, networking and one scripting language',
      'Kubernetes and a public cloud',
      'Calm under pressure during on-call',
    ],
    level: 'batch',
    author: 'admin',
  },
  {
    title: 'Data Engineer',
    category: 'IT & Systems',
    type: 'fulltime',
    company: 'Flipkart',
    city: 'Bengaluru',
    summary:
      'Build the pipelines behind pricing and supply-chain analytics, from streaming ingestion to the warehouse.',
    requirements: [
      'Spark, Kafka or Flink in production',
      'Strong SQL and data modelling',
      '3+ years of experience',
    ],
    level: 'batch',
    author: 'memberBatch',
  },
  {
    title: 'Supply Chain Analyst',
    category: 'Operations',
    type: 'fulltime',
    company: 'Amazon',
    city: 'Hyderabad',
    summary:
      'Forecast demand and plan inventory for fulfilment centres in South India, working with finance and vendor teams.',
    requirements: [
      'Bachelor’s degree in engineering or operations',
      'Advanced Excel; SQL preferred',
      '1-3 years in planning or analytics',
    ],
    level: 'college',
    author: 'any',
  },
  {
    title: 'Graduate Engineer Trainee, Plant Operations',
    category: 'Operations',
    type: 'internship',
    company: 'Larsen & Toubro',
    city: 'Vadodara',
    summary:
      'A one-year trainee programme rotating through production, quality and maintenance at our heavy-engineering plant.',
    requirements: [
      'B.Tech in Mechanical or Electrical engineering',
      'Graduated in the last year',
      'Willing to work in shifts',
    ],
    level: 'batch',
    author: 'elsewhere',
  },
  {
    title: 'Corporate Counsel',
    category: 'Legal',
    type: 'fulltime',
    company: 'Infosys',
    city: 'Bengaluru',
    summary:
      'Draft and negotiate technology contracts with global clients and advise business teams on data-protection questions.',
    requirements: [
      'LL.B. with 4-6 years of experience',
      'Commercial contracts in IT services',
      'Familiarity with GDPR and the DPDP Act',
    ],
    level: 'college',
    author: 'any',
  },
  {
    title: 'Legal Research Intern',
    category: 'Legal',
    type: 'internship',
    company: 'Khaitan & Co',
    city: 'New Delhi',
    summary:
      'Research case law and regulations for the corporate practice and help prepare due-diligence reports.',
    requirements: [
      'Law student in the third year or later',
      'Careful writing',
      'Four weeks, full time',
    ],
    level: 'branch',
    author: 'elsewhere',
  },
  {
    title: 'Customer Support Team Lead',
    category: 'BPO',
    type: 'fulltime',
    company: 'Wipro',
    city: 'Pune',
    summary:
      'Lead a team of 15 agents on an international voice process, coaching for quality and customer satisfaction.',
    requirements: [
      '3+ years in customer support, 1 year leading a team',
      'Excellent spoken English',
      'Night shifts',
    ],
    level: 'batch',
    author: 'memberBatch',
  },
  {
    title: 'Process Associate',
    category: 'BPO',
    type: 'fulltime',
    company: 'Accenture',
    city: 'Kolkata',
    summary:
      'Process finance and accounting transactions for global clients with accuracy and within service levels.',
    requirements: [
      'Graduate in commerce',
      'Good typing speed and attention to detail',
      'Freshers welcome',
    ],
    level: 'college',
    author: 'any',
  },
  {
    title: 'Teaching Fellow',
    category: 'Other Category',
    type: 'fulltime',
    company: 'Teach For India',
    city: 'Ahmedabad',
    summary:
      'A two-year, full-time fellowship teaching in a low-income school, with training and a stipend.',
    requirements: [
      'Any graduate degree',
      'Commitment to two years',
      'Belief that every child can learn',
    ],
    level: 'college',
    author: 'any',
  },
  {
    title: 'Research Assistant, Robotics Lab',
    category: 'Other Category',
    type: 'internship',
    company: 'Alumnet Institute of Technology',
    city: 'Bengaluru',
    summary:
      'The robotics lab is looking for a research assistant for a funded project on warehouse automation. Good for anyone planning a master’s.',
    requirements: [
      'ROS and Python',
      'Some experience with computer vision',
      'Six months, on campus',
    ],
    level: 'branch',
    author: 'memberBranch',
  },
  {
    title: 'Embedded Systems Engineer',
    category: 'IT & Systems',
    type: 'fulltime',
    company: 'Bosch',
    city: 'Coimbatore',
    summary:
      'Develop firmware for automotive sensors and control units, from requirements to validation on hardware.',
    requirements: [
      'C and C++ on microcontrollers',
      'CAN, SPI and I2C',
      'AUTOSAR experience is a plus',
    ],
    level: 'college',
    author: 'any',
  },
  {
    title: 'Project Engineer, Metro Rail',
    category: 'Operations',
    type: 'fulltime',
    company: 'Larsen & Toubro',
    city: 'Chennai',
    summary:
      'Plan and supervise the construction of elevated metro stations, coordinating subcontractors and site safety.',
    requirements: [
      'B.Tech in Civil engineering',
      '2-5 years on infrastructure projects',
      'Primavera or MS Project',
    ],
    level: 'branch',
    author: 'elsewhere',
  },
  {
    title: 'Strategy Intern',
    category: 'Consulting',
    type: 'internship',
    company: 'Bain & Company',
    city: 'Mumbai',
    summary:
      'A ten-week internship on a consulting case team: research, analysis and client workshops.',
    requirements: ['First-year MBA student', 'Strong quantitative skills', 'Team player'],
    level: 'college',
    author: 'any',
  },
  {
    title: 'Credit Risk Analyst',
    category: 'Finance',
    type: 'fulltime',
    company: 'ICICI Bank',
    city: 'Mumbai',
    summary:
      'Assess the credit risk of mid-market borrowers, build scorecards and monitor early-warning signals.',
    requirements: [
      'CA, CFA or MBA (Finance)',
      'Python or SAS for risk models',
      '2-4 years in credit',
    ],
    level: 'college',
    author: 'any',
  },
];

const SECOND_POSTINGS: Posting[] = [
  {
    title: 'Content Writer',
    category: 'Other Category',
    type: 'fulltime',
    company: 'The Hindu',
    city: 'Chennai',
    summary: 'Write and edit features for our weekend magazine and its website.',
    requirements: ['A portfolio of published writing', 'Excellent English', 'Deadline discipline'],
    level: 'college',
    author: 'any',
  },
  {
    title: 'Economics Research Intern',
    category: 'Finance',
    type: 'internship',
    company: 'Reserve Bank of India',
    city: 'Mumbai',
    summary: 'Assist economists with data collection and analysis for the monetary policy report.',
    requirements: ['Postgraduate student in economics', 'Stata or R', 'Eight weeks'],
    level: 'college',
    author: 'any',
  },
  {
    title: 'Quality Control Chemist',
    category: 'Operations',
    type: 'fulltime',
    company: 'Dr. Reddy’s Laboratories',
    city: 'Hyderabad',
    summary: 'Test raw materials and finished products in our GMP laboratory.',
    requirements: ['M.Sc. in Chemistry', 'HPLC and GC', 'Good documentation practice'],
    level: 'college',
    author: 'any',
  },
];

const COMMENTS = [
  'Applied! Thanks for sharing.',
  'Is this open to people with two years of experience?',
  'Sent you a message about a referral.',
  'Great opportunity, sharing with my juniors.',
  'Is remote work possible for this role?',
  'What does the interview process look like?',
  'Thanks, this is exactly what I was looking for.',
  'Do they sponsor relocation?',
];

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function jobHtml(p: Posting) {
  const e = escapeHtml;
  return sanitizeJobHtml(
    [
      `<p><strong>${e(p.company)}</strong> is hiring in <em>${e(p.city)}</em>. ${e(p.summary)}</p>`,
      '<h3>Requirements</h3>',
      `<ul>${p.requirements.map((r) => `<li>${e(r)}</li>`).join('')}</ul>`,
      `<p>Read the full description and apply on the <a href="https://careers.example.com/${slug(p.company)}/${slug(p.title)}">careers page</a>, or write to <a href="mailto:jobs@${slug(p.company)}.example.com">jobs@${slug(p.company)}.example.com</a> and mention Alumnet.</p>`,
    ].join(''),
  );
}

interface Person {
  id: string;
  email: string;
  collegeId: string | null;
  batchId: string | null;
  branchId: string | null;
}

/**
 * Demo job postings over every category, level and job type, with likes and comments, written
 * inside the demo seed's transaction. Its own seeded generator keeps it deterministic without
 * disturbing the sequence of the rest of the demo seed.
 */
export async function seedDemoJobs(
  tx: Executor,
  ids: { demoCollegeId: string; secondCollegeId: string },
) {
  const rng = new SimpleFaker();
  rng.seed(4_2026);
  const people: Person[] = await tx
    .select({
      id: users.id,
      email: users.email,
      collegeId: users.collegeId,
      batchId: users.batchId,
      branchId: users.branchId,
    })
    .from(users)
    .where(
      and(
        inArray(users.collegeId, [ids.demoCollegeId, ids.secondCollegeId]),
        eq(users.isApproved, true),
      ),
    )
    .orderBy(asc(users.email));
  const byEmail = (email: string) => {
    const found = people.find((p) => p.email === email);
    if (!found) throw new Error(`demo account ${email} is missing`);
    return found;
  };
  const admin = byEmail('admin@demo.alumnet.dev');
  const member = byEmail('member@demo.alumnet.dev');
  const member2 = byEmail('member2@demo.alumnet.dev');
  const demoAccounts = new Set(people.filter((p) => p.email.endsWith('@demo.alumnet.dev')));
  const ordinary = (collegeId: string) =>
    people.filter((p) => p.collegeId === collegeId && !demoAccounts.has(p));
  const demoPeople = ordinary(ids.demoCollegeId);
  const authorPools: Record<Author, Person[]> = {
    admin: [admin],
    member: [member],
    member2: [member2],
    memberBranch: demoPeople.filter((p) => p.branchId === member.branchId),
    memberBatch: demoPeople.filter(
      (p) => p.batchId === member.batchId && p.branchId !== member.branchId,
    ),
    elsewhere: demoPeople.filter((p) => p.batchId !== member.batchId),
    any: demoPeople,
  };

  const now = Date.now();
  const hour = 3_600_000;
  const plan = [
    ...DEMO_POSTINGS.map((p) => ({ posting: p, collegeId: ids.demoCollegeId })),
    ...SECOND_POSTINGS.map((p) => ({ posting: p, collegeId: ids.secondCollegeId })),
  ];
  const rows = plan.map(({ posting, collegeId }, i) => {
    const pool =
      collegeId === ids.demoCollegeId ? authorPools[posting.author] : ordinary(collegeId);
    const author = rng.helpers.arrayElement(pool);
    const levelId = levelIdOf(author, posting.level);
    if (!levelId) throw new Error(`demo author ${author.email} has no ${posting.level}`);
    return {
      collegeId,
      authorId: author.id,
      jobTitle: posting.title,
      jobContent: jobHtml(posting),
      jobCategory: posting.category,
      jobType: posting.type,
      accessLevel: posting.level,
      accessLevelId: levelId,
      // Spread over the last seven weeks, so the admin's 30-day counts have recent jobs.
      createdAt: new Date(now - (i * 2 + rng.number.float({ min: 0, max: 1.8 })) * 24 * hour),
    };
  });
  const created = await tx.insert(jobs).values(rows).returning({
    id: jobs.id,
    accessLevel: jobs.accessLevel,
    accessLevelId: jobs.accessLevelId,
    createdAt: jobs.createdAt,
  });

  // Likes and comments come from people who can see the job.
  const likes: (typeof jobLikes.$inferInsert)[] = [];
  const comments: (typeof jobComments.$inferInsert)[] = [];
  for (const job of created) {
    const audience = people.filter((p) => levelIdOf(p, job.accessLevel) === job.accessLevelId);
    for (const liker of rng.helpers.arrayElements(audience, { min: 0, max: 7 })) {
      likes.push({ jobId: job.id, userId: liker.id });
    }
    const commenters = rng.helpers.arrayElements(audience, { min: 0, max: 3 });
    commenters.forEach((commenter, n) =>
      comments.push({
        jobId: job.id,
        userId: commenter.id,
        comment: rng.helpers.arrayElement(COMMENTS),
        createdAt: new Date(
          Math.min(job.createdAt.getTime() + (n + 1) * 5 * hour, now - (3 - n) * 60_000),
        ),
      }),
    );
  }
  if (likes.length > 0) await tx.insert(jobLikes).values(likes).onConflictDoNothing();
  if (comments.length > 0) await tx.insert(jobComments).values(comments);
}
