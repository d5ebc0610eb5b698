import { z } from 'zod';
import { idSchema, requiredText } from './common';

/**
 * Mentoring (issue 29): members open to mentoring keep a mentor profile; members find mentors
 * ranked for them with the reasons shown, ask with a goal, and an accepted request becomes a
 * mentorship with goals, a log of sessions and an ending rated by each side. Everything stays
 * inside one college: a mentor of another college is not found.
 */

/** Every college starts with these; its admins add their own. */
export const DEFAULT_MENTORING_TOPICS = [
  'Career guidance',
  'Switching fields',
  'Higher studies abroad',
  'Entrepreneurship',
  'Interview preparation',
] as const;
/** A member waits on at most this many unanswered requests at once. */
export const MAX_OPEN_MENTORING_REQUESTS = 3;
/** A request unanswered this long expires, and the mentee is told. */
export const MENTORING_REQUEST_DAYS = 14;
export const MAX_MENTEES = 10;
export const MAX_MENTOR_TOPICS = 10;
export const MAX_MENTOR_INDUSTRIES = 5;
export const MENTORING_PAGE_SIZE = 20;
export const MENTORING_TEXT = { topic: 60, industry: 60, howIHelp: 300, goal: 200, message: 2000 };

export const MENTORING_MESSAGES = {
  notFound: 'Mentor not found',
  requestNotFound: 'Request not found',
  mentorshipNotFound: 'Mentorship not found',
  goalNotFound: 'Goal not found',
  notYourself: 'You cannot ask yourself to be your mentor.',
  notTaking: 'This mentor is not taking requests right now.',
  atCapacity: 'This mentor has as many mentees as they can take right now.',
  tooManyOpen: `You already have ${MAX_OPEN_MENTORING_REQUESTS} requests waiting for an answer. Wait for one, or withdraw one, before asking again.`,
  alreadyAsked: 'You already have a request waiting with this mentor.',
  alreadyMentoring: 'You already have a mentorship with this mentor.',
  notOpen: 'This request has already been answered or has expired.',
  mentorOnly: 'Only the mentor asked can answer this request.',
  ended: 'This mentorship has ended.',
  alreadyRated: 'You have already rated this mentorship.',
  readOnly: 'Admins can read mentorships of their college but not change them.',
  profileSaved: 'Mentor profile saved.',
  requestSent: 'Request sent. The mentor has 14 days to answer.',
  declined: 'Request declined.',
  withdrawn: 'Request withdrawn.',
  topicExists: 'This topic is already in the list.',
  topicAdded: 'Topic added.',
  unknownTopic: 'Choose topics from the list.',
  chooseCollege: 'Choose the college whose mentoring programme to show.',
} as const;

const topicName = requiredText('Topic is required', MENTORING_TEXT.topic);
const industryName = requiredText('Industry is required', MENTORING_TEXT.industry);

/** GET /api/mentoring/profile: the member's own mentor profile, and the topics to choose from. */
export const mentorProfile = z.object({
  /** users.open_to_mentoring: the profile's checkbox and this are one switch. */
  openToMentoring: z.boolean(),
  topics: z.array(z.string()),
  industries: z.array(z.string()),
  /** How many mentees at once. */
  capacity: z.number().int(),
  howIHelp: z.string(),
  takingRequests: z.boolean(),
  activeMentees: z.number().int(),
});
export type MentorProfile = z.infer<typeof mentorProfile>;
export const mentorProfileAnswer = z.object({
  profile: mentorProfile,
  /** The college's topics: the defaults and those its admins added. */
  topics: z.array(z.string()),
});
export type MentorProfileAnswer = z.infer<typeof mentorProfileAnswer>;

/** PUT /api/mentoring/profile. Topics must be the college's; industries are free text. */
export const mentorProfileBody = z.strictObject({
  openToMentoring: z.boolean({ error: 'openToMentoring must be true or false.' }),
  topics: z
    .array(topicName)
    .max(MAX_MENTOR_TOPICS, `Choose at most ${MAX_MENTOR_TOPICS} topics.`)
    .default([]),
  industries: z
    .array(industryName)
    .max(MAX_MENTOR_INDUSTRIES, `Give at most ${MAX_MENTOR_INDUSTRIES} industries.`)
    .default([]),
  capacity: z.coerce
    .number({ error: 'Capacity must be a number.' })
    .int('Capacity must be a whole number.')
    .min(1, 'Capacity must be at least 1.')
    .max(MAX_MENTEES, `Capacity must be at most ${MAX_MENTEES}.`),
  howIHelp: z
    .string()
    .trim()
    .max(MENTORING_TEXT.howIHelp, `Keep it to ${MENTORING_TEXT.howIHelp} characters.`)
    .default(''),
  takingRequests: z.boolean({ error: 'takingRequests must be true or false.' }),
});

/** GET /api/mentoring/suggestions?topic=&industry=&country=&taking=&page=. */
export const suggestionsQuery = z.object({
  topic: z.string().trim().max(MENTORING_TEXT.topic).optional(),
  industry: z.string().trim().max(MENTORING_TEXT.industry).optional(),
  /** A country id (lookups' countries). */
  country: z.string().trim().max(10).optional(),
  /** 'true': only mentors taking requests with room for another mentee. */
  taking: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).max(500).default(1),
});

export const mentorSuggestion = z.object({
  id: idSchema,
  fullName: z.string(),
  profilePicture: z.string().nullable(),
  batch: z.string().nullable(),
  branch: z.string().nullable(),
  companyName: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  topics: z.array(z.string()),
  industries: z.array(z.string()),
  howIHelp: z.string(),
  capacity: z.number().int(),
  activeMentees: z.number().int(),
  takingRequests: z.boolean(),
  /** The ranking's total: the sum of the named parts behind `reasons`. */
  score: z.number(),
  /** Why this mentor ranks where they do, for the member to read ("Same branch: Mechanical"). */
  reasons: z.array(z.string()),
  /** The member's own open request to this mentor, if any. */
  requested: z.boolean(),
});
export type MentorSuggestion = z.infer<typeof mentorSuggestion>;
export const suggestionsAnswer = z.object({
  mentors: z.array(mentorSuggestion),
  total: z.number().int(),
});
export type SuggestionsAnswer = z.infer<typeof suggestionsAnswer>;

/** Someone in a request or a mentorship. */
export const mentoringPerson = z.object({
  id: idSchema,
  fullName: z.string(),
  profilePicture: z.string().nullable(),
  batch: z.string().nullable(),
  branch: z.string().nullable(),
});
export type MentoringPerson = z.infer<typeof mentoringPerson>;

export const MENTORING_REQUEST_STATUSES = [
  'open',
  'accepted',
  'declined',
  'expired',
  'withdrawn',
] as const;
export type MentoringRequestStatus = (typeof MENTORING_REQUEST_STATUSES)[number];

/** POST /api/mentoring/requests. */
export const mentoringRequestBody = z.strictObject({
  mentorId: idSchema,
  goal: requiredText('Goal is required', MENTORING_TEXT.goal),
  message: requiredText('Message is required', MENTORING_TEXT.message),
});

export const mentoringRequest = z.object({
  id: idSchema,
  mentor: mentoringPerson,
  mentee: mentoringPerson,
  goal: z.string(),
  message: z.string(),
  status: z.enum(MENTORING_REQUEST_STATUSES),
  createdAt: z.string(),
  /** When an open request expires. */
  expiresAt: z.string(),
  answeredAt: z.string().nullable(),
  /** The decline's reason, if the mentor gave one. */
  reason: z.string().nullable(),
  /** The accepted request's mentorship. */
  mentorshipId: idSchema.nullable(),
});
export type MentoringRequest = z.infer<typeof mentoringRequest>;
export const mentoringRequestAnswer = z.object({ request: mentoringRequest });

/** GET /api/mentoring/requests: to me (as a mentor) and from me, open ones first, newest first. */
export const mentoringRequestsAnswer = z.object({
  incoming: z.array(mentoringRequest),
  outgoing: z.array(mentoringRequest),
});
export type MentoringRequestsAnswer = z.infer<typeof mentoringRequestsAnswer>;

/** POST /api/mentoring/requests/{id}/accept: the mentor's first note to the mentee. */
export const acceptRequestBody = z.strictObject({
  note: requiredText('A first note is required', MENTORING_TEXT.message),
});
/** POST /api/mentoring/requests/{id}/decline. */
export const declineRequestBody = z.strictObject({
  reason: z
    .string()
    .trim()
    .max(500, 'Keep the reason to 500 characters.')
    .optional()
    .transform((r) => r || undefined),
});

export const mentorshipGoal = z.object({
  id: idSchema,
  text: z.string(),
  done: z.boolean(),
  doneAt: z.string().nullable(),
});
export type MentorshipGoal = z.infer<typeof mentorshipGoal>;
export const mentorshipSession = z.object({
  id: idSchema,
  /** YYYY-MM-DD. */
  heldOn: z.string(),
  minutes: z.number().int(),
  notes: z.string(),
  loggedBy: mentoringPerson.pick({ id: true, fullName: true }),
  createdAt: z.string(),
});
export type MentorshipSession = z.infer<typeof mentorshipSession>;
export const mentorshipEnding = z.object({
  by: z.enum(['mentor', 'mentee']),
  rating: z.number().int(),
  comment: z.string(),
  at: z.string(),
});

export const mentorshipSummary = z.object({
  id: idSchema,
  mentor: mentoringPerson,
  mentee: mentoringPerson,
  goal: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  /** The caller's side; null for an admin reading it. */
  myRole: z.enum(['mentor', 'mentee']).nullable(),
  goalsDone: z.number().int(),
  goalsTotal: z.number().int(),
  sessions: z.number().int(),
});
export type MentorshipSummary = z.infer<typeof mentorshipSummary>;
export const mentorshipsAnswer = z.object({ mentorships: z.array(mentorshipSummary) });

export const mentorshipDetail = mentorshipSummary.extend({
  /** The request's message and the mentor's first note. */
  message: z.string(),
  firstNote: z.string(),
  goals: z.array(mentorshipGoal),
  sessionLog: z.array(mentorshipSession),
  endings: z.array(mentorshipEnding),
  /** The two people, while it is active; admins read only. */
  mayEdit: z.boolean(),
  /** The caller's side has not yet ended and rated it. */
  mayRate: z.boolean(),
});
export type MentorshipDetail = z.infer<typeof mentorshipDetail>;
export const mentorshipAnswer = z.object({ mentorship: mentorshipDetail });
export type MentorshipAnswer = z.infer<typeof mentorshipAnswer>;

/** POST .../goals; PATCH .../goals/{goalId} takes either field. */
export const goalBody = z.strictObject({
  text: requiredText('Goal is required', MENTORING_TEXT.goal),
});
export const goalPatchBody = z.strictObject({
  text: requiredText('Goal is required', MENTORING_TEXT.goal).optional(),
  done: z.boolean({ error: 'done must be true or false.' }).optional(),
});
export const goalAnswer = z.object({ goal: mentorshipGoal });

/** POST .../sessions. */
export const sessionBody = z.strictObject({
  heldOn: z
    .string({ error: 'Date is required' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Give the date as YYYY-MM-DD.'),
  minutes: z.coerce
    .number({ error: 'Length is required' })
    .int('Give the length in whole minutes.')
    .min(5, 'A session is at least 5 minutes.')
    .max(600, 'A session is at most 600 minutes.'),
  notes: z.string().trim().max(5000, 'Keep the notes to 5000 characters.').default(''),
});
export const sessionAnswer = z.object({ session: mentorshipSession });

/** POST .../end: each side ends (or, once ended, rates) once. */
export const endMentorshipBody = z.strictObject({
  rating: z.coerce
    .number({ error: 'Rating is required' })
    .int('Rate from 1 to 5.')
    .min(1, 'Rate from 1 to 5.')
    .max(5, 'Rate from 1 to 5.'),
  comment: z.string().trim().max(2000, 'Keep the comment to 2000 characters.').default(''),
});

export const mentoringParams = z.object({ id: idSchema });
export const goalParams = z.object({ id: idSchema, goalId: idSchema });

/** One row of the programme's figures: the college, or one batch or branch of it. */
export const programmeFigures = z.object({
  mentors: z.number().int(),
  takingRequests: z.number().int(),
  atCapacity: z.number().int(),
  openRequests: z.number().int(),
  /** The oldest open request's age in days; null with none open. */
  oldestOpenDays: z.number().nullable(),
  /** Median hours from request to answer, over answered requests; null with none. */
  medianHoursToAnswer: z.number().nullable(),
  /** Accepted of answered (accepted + declined), 0..1; null with none answered. */
  acceptanceRate: z.number().nullable(),
  activeMentorships: z.number().int(),
  endedMentorships: z.number().int(),
  /** Over every rating given at an ending; null with none. */
  averageRating: z.number().nullable(),
});
export type ProgrammeFigures = z.infer<typeof programmeFigures>;

/** GET /api/dashboard/mentoring?collegeId= (admins; ?format=csv: the mentorships as CSV). */
export const programmeAnswer = z.object({
  figures: programmeFigures,
  byBatch: z.array(programmeFigures.extend({ name: z.string() })),
  byBranch: z.array(programmeFigures.extend({ name: z.string() })),
  /** The last 12 months, oldest first: requests made, accepted, mentorships ended. */
  months: z.array(
    z.object({
      month: z.string(),
      requests: z.number().int(),
      accepted: z.number().int(),
      ended: z.number().int(),
    }),
  ),
  /** Open requests, oldest first (at most 50). */
  openRequests: z.array(
    z.object({
      id: idSchema,
      mentor: z.string(),
      mentee: z.string(),
      goal: z.string(),
      ageDays: z.number(),
    }),
  ),
  topics: z.array(z.object({ name: z.string(), custom: z.boolean() })),
});
export type ProgrammeAnswer = z.infer<typeof programmeAnswer>;
export const programmeQuery = z.object({
  collegeId: idSchema.optional(),
  format: z.enum(['json', 'csv']).default('json'),
});

/** POST /api/dashboard/mentoring/topics (admins). */
export const topicBody = z.strictObject({ name: topicName });
export const topicsAnswer = z.object({
  topics: z.array(z.object({ name: z.string(), custom: z.boolean() })),
  message: z.string(),
});
