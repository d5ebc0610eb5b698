import type { AccessLevel, GameSettingsInput } from '@alumnet/contract';
import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// The whole domain model of PRODUCT.md. Later issues fill tables in; they are all here from the
// first migration so the model can be read in one place.

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Who a post or job is shared with; `group`: the group named by access_level_id (issue 27). */
export const accessLevel = pgEnum('access_level', ['college', 'batch', 'branch', 'group']);
export const emailStatus = pgEnum('email_status', ['not_sent', 'pending', 'delivered', 'bounce']);
export const smsStatus = pgEnum('sms_status', ['not_sent', 'pending', 'delivered', 'undelivered']);
export const whatsappStatus = pgEnum('whatsapp_status', ['not_sent', 'pending', 'delivered']);

// ---------------------------------------------------------------- the college structure

export const colleges = pgTable('colleges', {
  id: id(),
  name: text('name').notNull().unique(),
  /** Working days between a sign-up and the date the sign-up message promises an answer by. */
  reviewWorkingDays: smallint('review_working_days').notNull().default(3),
  /** An IANA zone: digests go out in its morning to members whose own zone is not known. */
  timeZone: text('time_zone').notNull().default('Asia/Kolkata'),
  createdAt: createdAt(),
});

export const degrees = pgTable(
  'degrees',
  {
    id: id(),
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id, { onDelete: 'cascade' }),
    degreeName: text('degree_name').notNull(),
    degreeDescription: text('degree_description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('degrees_college_name_uq').on(t.collegeId, t.degreeName)],
);

export const batches = pgTable(
  'batches',
  {
    id: id(),
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id, { onDelete: 'cascade' }),
    degreeId: uuid('degree_id')
      .notNull()
      .references(() => degrees.id, { onDelete: 'cascade' }),
    batchName: text('batch_name').notNull(),
    batchDescription: text('batch_description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('batches_degree_name_uq').on(t.degreeId, t.batchName),
    index('batches_college_idx').on(t.collegeId),
  ],
);

export const branches = pgTable(
  'branches',
  {
    id: id(),
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id, { onDelete: 'cascade' }),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    branchName: text('branch_name').notNull(),
    branchDescription: text('branch_description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('branches_batch_name_uq').on(t.batchId, t.branchName),
    index('branches_college_idx').on(t.collegeId),
  ],
);

export const courses = pgTable(
  'courses',
  {
    id: id(),
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id, { onDelete: 'cascade' }),
    courseName: text('course_name').notNull(),
    courseDescription: text('course_description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('courses_college_name_uq').on(t.collegeId, t.courseName)],
);

// ---------------------------------------------------------------- places (shipped dataset)

export const countries = pgTable('countries', {
  /** ISO 3166-1 alpha-2 code: stable across dataset updates. */
  id: text('id').primaryKey(),
  countryName: text('country_name').notNull(),
});

/** City ids are PostgreSQL integers: a larger number names no city (and would not bind). */
export const MAX_CITY_ID = 2_147_483_647;

export const cities = pgTable(
  'cities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    countryId: text('country_id')
      .notNull()
      .references(() => countries.id),
    cityName: text('city_name').notNull(),
  },
  (t) => [uniqueIndex('cities_country_name_uq').on(t.countryId, t.cityName)],
);

// ---------------------------------------------------------------- people

/**
 * Members other members find (directory, counts, chat): approved, not rejected. Queries use this
 * same expression (plain boolean columns, not `= $1`) so the planner can prove they match the
 * partial indexes below.
 */
export const listedMember = (t: { isApproved: AnyPgColumn; isRejected: AnyPgColumn }) =>
  sql`${t.isApproved} AND NOT ${t.isRejected}`;

/**
 * Members found in Alum Zone and the chat's search: listed members who did not opt out on
 * /settings/privacy (issue 30). The directory's partial indexes hold just them, so a search or a
 * count of them stays an index scan.
 */
export const directoryMember = (t: {
  isApproved: AnyPgColumn;
  isRejected: AnyPgColumn;
  listed: AnyPgColumn;
}) => sql`${t.isApproved} AND NOT ${t.isRejected} AND ${t.listed}`;

export const users = pgTable(
  'users',
  {
    id: id(),
    collegeId: uuid('college_id').references(() => colleges.id),
    degreeId: uuid('degree_id').references(() => degrees.id),
    batchId: uuid('batch_id').references(() => batches.id),
    branchId: uuid('branch_id').references(() => branches.id),
    /** The member's IANA zone, as their browser last said (digests go out in its morning). */
    timeZone: text('time_zone'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    fullName: text('full_name').notNull(),
    /** The member's handle (feedback shows it as @username). */
    username: text('username').notNull().unique(),
    /** Stored lower-cased: e-mail addresses are matched case-insensitively. */
    email: text('email').notNull().unique(),
    /** Digits only, so a login typed with spaces or dashes still matches. */
    phone: text('phone').unique(),
    phoneCountryCode: text('phone_country_code'),
    passwordHash: text('password_hash'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    userType: text('user_type', { enum: ['u', 'a'] })
      .notNull()
      .default('u'),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    isApproved: boolean('is_approved').notNull().default(false),
    isRegistered: boolean('is_registered').notNull().default(false),
    isRejected: boolean('is_rejected').notNull().default(false),
    rejectionReason: text('rejection_reason'),
    isInvited: boolean('is_invited').notNull().default(false),
    invitedBy: uuid('invited_by'),
    emailStatus: emailStatus('email_status').notNull().default('not_sent'),
    smsStatus: smsStatus('sms_status').notNull().default('not_sent'),
    whatsappStatus: whatsappStatus('whatsapp_status').notNull().default('not_sent'),
    newCollegeData: boolean('new_college_data').notNull().default(false),
    newCollegeRequestName: text('new_college_request_name'),
    newDegreeRequestName: text('new_degree_request_name'),
    newBatchRequestName: text('new_batch_request_name'),
    newBranchRequestName: text('new_branch_request_name'),
    locationCountryId: text('location_country_id').references(() => countries.id),
    locationCityId: integer('location_city_id').references(() => cities.id),
    companyName: text('company_name'),
    profilePic: text('profile_pic'),
    isEntrepreneur: boolean('is_entrepreneur').notNull().default(false),
    openToMentoring: boolean('open_to_mentoring').notNull().default(false),
    /** Failed logins in the current window (per-account rate limit). */
    failedLoginCount: smallint('failed_login_count').notNull().default(0),
    failedLoginWindowStart: timestamp('failed_login_window_start', { withTimezone: true }),
    // A second factor (issue 30). The TOTP secret is kept encrypted with the app secret; it is
    // set only once a code confirmed it (`totpEnabledAt`), the last accepted time step refuses a
    // code used twice in its window.
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Wrong second-factor codes in a row; MFA_FAILURE_LIMIT of them lock the step. */
    mfaFailedCount: smallint('mfa_failed_count').notNull().default(0),
    mfaLockedUntil: timestamp('mfa_locked_until', { withTimezone: true }),
    // Who sees what (issue 30, /settings/privacy): 'college' | 'batch' | 'nobody'.
    privacyEmail: text('privacy_email', { enum: ['college', 'batch', 'nobody'] })
      .notNull()
      .default('nobody'),
    privacyPhone: text('privacy_phone', { enum: ['college', 'batch', 'nobody'] })
      .notNull()
      .default('nobody'),
    privacyCompany: text('privacy_company', { enum: ['college', 'batch', 'nobody'] })
      .notNull()
      .default('college'),
    privacyCity: text('privacy_city', { enum: ['college', 'batch', 'nobody'] })
      .notNull()
      .default('college'),
    /** False: not found in Alum Zone or the chat's search. */
    listed: boolean('listed').notNull().default(true),
    // "Delete my account" (issue 30): pending for DELETION_GRACE_DAYS from the request; a
    // deleted account that kept its content stays as an anonymous "Former member" row.
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    deletionKeepsContent: boolean('deletion_keeps_content'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('users_college_created_idx').on(t.collegeId, t.createdAt),
    index('users_college_batch_idx').on(t.collegeId, t.batchId),
    index('users_college_branch_idx').on(t.collegeId, t.branchId),
    index('users_college_city_idx').on(t.collegeId, t.locationCityId),
    index('users_college_country_idx').on(t.collegeId, t.locationCountryId),
    index('users_college_company_idx').on(t.collegeId, t.companyName),
    // Directory and chat name search: case-insensitive, matches any part of a name (pg_trgm).
    // Both search listed members only, so only they are indexed: a CSV import of people not yet
    // approved does not pay for it.
    index('users_full_name_trgm_idx')
      .using('gin', sql`lower(${t.fullName}) gin_trgm_ops`)
      .where(directoryMember(t)),
    // The alumni directory and the member dashboard's counts read only listed members (approved,
    // not rejected, not opted out): these partial indexes hold just them, so a count is an
    // index-only scan.
    // Pages in name order with few or no filters.
    index('users_directory_name_idx').on(t.collegeId, t.fullName, t.id).where(directoryMember(t)),
    // Company filter in name order (the trailing columns let it filter and count without the
    // table, who may see the company too) and the companies list (a loose index scan).
    index('users_directory_company_idx')
      .on(
        t.collegeId,
        sql`lower(${t.companyName})`,
        t.fullName,
        t.id,
        t.companyName,
        t.openToMentoring,
        t.isEntrepreneur,
        t.privacyCompany,
        t.batchId,
      )
      .where(directoryMember(t)),
    // Batch mates; the batch filter, with a place and a name fragment read from the index alone.
    index('users_directory_batch_idx')
      .on(
        t.collegeId,
        t.batchId,
        t.locationCountryId,
        t.locationCityId,
        t.fullName,
        t.id,
        t.privacyCity,
      )
      .where(directoryMember(t)),
    index('users_directory_branch_idx').on(t.collegeId, t.branchId).where(directoryMember(t)),
    // Alumni near me, and the country and city filters (with who may see the place).
    index('users_directory_place_idx')
      .on(t.collegeId, t.locationCountryId, t.locationCityId, t.privacyCity, t.batchId, t.id)
      .where(directoryMember(t)),
    index('users_directory_flags_idx')
      .on(t.collegeId, t.openToMentoring, t.isEntrepreneur)
      .where(directoryMember(t)),
  ],
);

/**
 * Each college's distinct member names, with how many listed members carry each. A name search
 * matches a fragment against these (pg_trgm) and reads the total off `members`, so its cost
 * follows the distinct names that match, not the members: 'mee' among a million members is a
 * few hundred names, where it was twenty thousand member rows to fetch and count. Kept by
 * statement triggers on users (migration 0002); a name whose members all left stays with 0.
 */
export const directoryNames = pgTable(
  'directory_names',
  {
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    /** Stored lower-cased, so matching a fragment does not lower-case every candidate again. */
    nameKey: text('name_key')
      .notNull()
      .generatedAlwaysAs(sql`lower(full_name)`),
    members: integer('members').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.collegeId, t.fullName] }),
    index('directory_names_trgm_idx').using('gin', t.nameKey.op('gin_trgm_ops')),
  ],
);

/**
 * How many listed members (directoryMember) each college has, kept by the same statement
 * triggers as directory_names (migration 0018). The chat page's total and the unfiltered
 * directory's read it instead of counting twenty thousand index entries on every call.
 */
export const collegeDirectoryCounts = pgTable('college_directory_counts', {
  collegeId: uuid('college_id')
    .primaryKey()
    .references(() => colleges.id, { onDelete: 'cascade' }),
  members: integer('members').notNull(),
});

/** The listed members of a college (directoryMember), read off college_directory_counts. */
export const listedMembersOf = (collegeId: string | SQL) =>
  sql`coalesce((SELECT members FROM ${collegeDirectoryCounts} WHERE college_id = ${collegeId}), 0)`;

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the cookie's token: a leaked table cannot be replayed as cookies. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // What /settings/security shows, written on the session's calls (throttled, issue 30).
    userAgent: text('user_agent'),
    /** The address's prefix only (a /24 or /48): approximate place, not the person's address. */
    ipPrefix: text('ip_prefix'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** When the session passed its second factor; null: it still needs one (if any applies). */
    mfaPassedAt: timestamp('mfa_passed_at', { withTimezone: true }),
    /** The WebAuthn challenge this session was last given, and until when it may be answered. */
    challenge: text('challenge'),
    challengeExpiresAt: timestamp('challenge_expires_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Single-use recovery codes for a lost second factor, stored hashed (issue 30). */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
);

/** WebAuthn credentials: several per account, named and removable (issue 30). */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** base64url, as @simplewebauthn gives it. */
    credentialId: text('credential_id').notNull().unique(),
    /** base64url of the COSE public key. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/** A college's OpenID Connect provider, set by a super admin (issue 30). */
export const collegeSso = pgTable('college_sso', {
  collegeId: uuid('college_id')
    .primaryKey()
    .references(() => colleges.id, { onDelete: 'cascade' }),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  /** Encrypted with the app secret. */
  clientSecret: text('client_secret').notNull(),
  allowedDomains: text('allowed_domains').array().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A provider's subject linked to an account: later sign-ins find it by the subject. */
export const userIdentities = pgTable(
  'user_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.issuer, t.subject] }),
    index('user_identities_user_idx').on(t.userId),
  ],
);

/** A sign-in sent to a provider and not back yet: its state, nonce and PKCE verifier. */
export const oidcAttempts = pgTable('oidc_attempts', {
  /** SHA-256 of the state sent, which is also kept in a cookie of the browser that started it. */
  stateHash: text('state_hash').primaryKey(),
  collegeId: uuid('college_id')
    .notNull()
    .references(() => colleges.id, { onDelete: 'cascade' }),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  createdAt: createdAt(),
});

/**
 * Who did what, when, to whom, from where (issue 30): written in the transaction of the action
 * itself. Append-only: a trigger (migration 0013) refuses UPDATE and DELETE. No foreign keys, so
 * the record outlives the people and colleges it names; names are copied at the time.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    /** The college the action concerns; null for the whole platform's (super admin) actions. */
    collegeId: uuid('college_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_college_at_idx').on(t.collegeId, t.at),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_at_idx').on(t.actorId, t.at),
  ],
);

/** "Download my data" requests: the zip's storage key and the link's token hash (issue 30). */
export const dataExports = pgTable(
  'data_exports',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['queued', 'ready', 'failed', 'expired'] })
      .notNull()
      .default('queued'),
    fileKey: text('file_key'),
    tokenHash: text('token_hash').unique(),
    createdAt: createdAt(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('data_exports_user_idx').on(t.userId, t.createdAt)],
);

// ---------------------------------------------------------------- feed and jobs

export const posts = pgTable(
  'posts',
  {
    id: id(),
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    image: text('image'),
    accessLevel: accessLevel('access_level').notNull(),
    /** The author's college, batch or branch id at posting time, by accessLevel. */
    accessLevelId: uuid('access_level_id').notNull(),
    likesCount: integer('likes_count').notNull().default(0),
    /**
     * Its comments not removed, kept by triggers on post_comments (migration 0017): a feed page
     * reads it instead of counting a popular post's thousands of comments for every viewer.
     */
    commentsCount: integer('comments_count').notNull().default(0),
    /** Removed by a group's organiser: hidden from everyone but its author, who sees why. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: uuid('removed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  // Feed pages: keyset on (created_at, id) within one visibility id.
  (t) => [index('posts_visibility_idx').on(t.accessLevelId, t.createdAt.desc(), t.id.desc())],
);

export const postLikes = pgTable(
  'post_likes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index('post_likes_created_idx').on(t.createdAt),
  ],
);

export const postComments = pgTable(
  'post_comments',
  {
    id: id(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    comment: text('comment').notNull(),
    /** Removed by a group's organiser (see posts.removedAt). */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: uuid('removed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  // A post's newest few (the feed) and a page of older ones (keyset on created_at, id) are each
  // a short walk of this index, however many comments the post has (issue 32). The few removed
  // ones are counted apart, for their authors, who still see them.
  (t) => [
    index('post_comments_recent_idx').on(t.postId, t.createdAt.desc(), t.id.desc()),
    index('post_comments_removed_idx')
      .on(t.postId, t.userId)
      .where(sql`${t.removedAt} IS NOT NULL`),
  ],
);

export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobTitle: text('job_title').notNull(),
    /** Sanitized HTML. */
    jobContent: text('job_content').notNull(),
    jobCategory: text('job_category').notNull(),
    jobType: text('job_type', { enum: ['internship', 'fulltime'] })
      .notNull()
      .default('fulltime'),
    // Jobs are shared with a level of the college, not (yet) with a group.
    accessLevel: accessLevel('access_level').notNull().$type<AccessLevel>(),
    accessLevelId: uuid('access_level_id').notNull(),
    /** Kept by triggers on job_comments (migration 0017), as posts.commentsCount. */
    commentsCount: integer('comments_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('jobs_visibility_idx').on(t.accessLevelId, t.createdAt.desc(), t.id.desc()),
    index('jobs_college_created_idx').on(t.collegeId, t.createdAt),
  ],
);

export const jobLikes = pgTable(
  'job_likes',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.userId] })],
);

export const jobComments = pgTable(
  'job_comments',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
  },
  // As post_comments_recent_idx: a job's newest few and older pages walk it (issue 32).
  (t) => [index('job_comments_recent_idx').on(t.jobId, t.createdAt.desc(), t.id.desc())],
);

// ---------------------------------------------------------------- chat

export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id),
    /** The pair is stored ordered (userA < userB) so one pair has one conversation. */
    userA: uuid('user_a')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userB: uuid('user_b')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversations_pair_uq').on(t.userA, t.userB),
    index('conversations_user_b_idx').on(t.userB),
    check('conversations_ordered_pair', sql`${t.userA} < ${t.userB}`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    /** The sender's retry key: the same client id stores one message. */
    clientId: text('client_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.createdAt, t.id),
    uniqueIndex('messages_client_uq').on(t.senderId, t.clientId),
  ],
);

// ---------------------------------------------------------------- events

/**
 * A reunion, meet-up or webinar (issue 28), shared with an audience as a post is: the college, a
 * batch, a branch or a group (`access_level`, `access_level_id`, the one audience rule).
 */
export const events = pgTable(
  'events',
  {
    id: id(),
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id, { onDelete: 'cascade' }),
    /** Who made it (a college admin, or an organiser of the group it is for). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** Sanitized HTML (the job board's editor). */
    description: text('description').notNull().default(''),
    coverPicture: text('cover_picture'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The IANA zone the organiser set it in (each reader sees it in their own). */
    timeZone: text('time_zone').notNull(),
    /** In person: venue, address and a map link; online: the link, shown only to those going. */
    venue: text('venue'),
    address: text('address'),
    mapUrl: text('map_url'),
    onlineUrl: text('online_url'),
    /** Seats (a going member and their guests each take one); null: no limit. */
    capacity: integer('capacity'),
    rsvpDeadline: timestamp('rsvp_deadline', { withTimezone: true }),
    allowGuests: boolean('allow_guests').notNull().default(false),
    showAttendees: boolean('show_attendees').notNull().default(true),
    accessLevel: accessLevel('access_level').notNull(),
    accessLevelId: uuid('access_level_id').notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('events_college_starts_idx').on(t.collegeId, t.startsAt),
    index('events_audience_starts_idx').on(t.accessLevelId, t.startsAt),
    check('events_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    check('events_capacity_positive', sql`${t.capacity} IS NULL OR ${t.capacity} > 0`),
  ],
);

/**
 * A member's answer to an event: going (with guests, and a ticket for the door), waitlisted (in
 * `queued` order: the order the server received them) or not going.
 */
export const eventRsvps = pgTable(
  'event_rsvps',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['going', 'waitlisted', 'not_going'] }).notNull(),
    guests: smallint('guests').notNull().default(0),
    /** Waitlist order: taken from event_rsvps_queue_seq when the member joined the waitlist. */
    queued: bigint('queued', { mode: 'number' }),
    /** The secret in the ticket's QR code (going members). */
    ticket: text('ticket').unique(),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedInBy: uuid('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
    /** Each reminder goes once: set in the same statement that claims it. */
    remindedDayAt: timestamp('reminded_day_at', { withTimezone: true }),
    remindedHourAt: timestamp('reminded_hour_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index('event_rsvps_status_idx').on(t.eventId, t.status, t.queued),
    index('event_rsvps_user_idx').on(t.userId, t.status),
  ],
);

/** A member's private calendar feed (/calendar/{token}.ics); a reset replaces the token. */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- mentoring (issue 29)

/** Topics a college's admins added to DEFAULT_MENTORING_TOPICS. */
export const mentoringTopics = pgTable(
  'mentoring_topics',
  {
    id: id(),
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('mentoring_topics_college_name_uq').on(t.collegeId, sql`lower(${t.name})`)],
);

/**
 * A mentor's profile. Whether they mentor at all is users.open_to_mentoring (the profile's
 * checkbox): one switch. The row stays when they switch it off, so switching back keeps it.
 */
export const mentorProfiles = pgTable(
  'mentor_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id, { onDelete: 'cascade' }),
    topics: text('topics')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    industries: text('industries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Mentees at once. */
    capacity: smallint('capacity').notNull().default(2),
    howIHelp: text('how_i_help').notNull().default(''),
    takingRequests: boolean('taking_requests').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mentor_profiles_college_idx').on(t.collegeId),
    check('mentor_profiles_capacity_positive', sql`${t.capacity} > 0`),
  ],
);

export const MENTORING_REQUEST_STATUS_VALUES = [
  'open',
  'accepted',
  'declined',
  'expired',
  'withdrawn',
] as const;

/** A member's request for a mentor: open until answered, withdrawn or expired. */
export const mentoringRequests = pgTable(
  'mentoring_requests',
  {
    id: id(),
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id, { onDelete: 'cascade' }),
    menteeId: uuid('mentee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mentorId: uuid('mentor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    goal: text('goal').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: MENTORING_REQUEST_STATUS_VALUES }).notNull().default('open'),
    /** A decline's reason, when the mentor gave one. */
    reason: text('reason'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    index('mentoring_requests_mentee_idx').on(t.menteeId, t.status),
    index('mentoring_requests_mentor_idx').on(t.mentorId, t.status),
    index('mentoring_requests_college_idx').on(t.collegeId, t.createdAt),
    // One open request from a member to a mentor at a time.
    uniqueIndex('mentoring_requests_open_pair_uq')
      .on(t.menteeId, t.mentorId)
      .where(sql`${t.status} = 'open'`),
    index('mentoring_requests_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'open'`),
  ],
);

/** An accepted request: active until either side ends it. */
export const mentorships = pgTable(
  'mentorships',
  {
    id: id(),
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id')
      .notNull()
      .unique()
      .references(() => mentoringRequests.id, { onDelete: 'cascade' }),
    mentorId: uuid('mentor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    menteeId: uuid('mentee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The mentor's first note on accepting. */
    firstNote: text('first_note').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedBy: uuid('ended_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('mentorships_mentor_active_idx')
      .on(t.mentorId)
      .where(sql`${t.endedAt} IS NULL`),
    index('mentorships_mentor_idx').on(t.mentorId, t.startedAt),
    index('mentorships_mentee_idx').on(t.menteeId, t.startedAt),
    index('mentorships_college_idx').on(t.collegeId, t.startedAt),
  ],
);

/** Each side's rating and comment at the ending (the one who ended it, then the other). */
export const mentorshipEndings = pgTable(
  'mentorship_endings',
  {
    mentorshipId: uuid('mentorship_id')
      .notNull()
      .references(() => mentorships.id, { onDelete: 'cascade' }),
    side: text('side', { enum: ['mentor', 'mentee'] }).notNull(),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.mentorshipId, t.side] }),
    check('mentorship_endings_rating', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

export const mentorshipGoals = pgTable(
  'mentorship_goals',
  {
    id: id(),
    mentorshipId: uuid('mentorship_id')
      .notNull()
      .references(() => mentorships.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    done: boolean('done').notNull().default(false),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('mentorship_goals_mentorship_idx').on(t.mentorshipId, t.createdAt)],
);

export const mentorshipSessions = pgTable(
  'mentorship_sessions',
  {
    id: id(),
    mentorshipId: uuid('mentorship_id')
      .notNull()
      .references(() => mentorships.id, { onDelete: 'cascade' }),
    heldOn: date('held_on', { mode: 'string' }).notNull(),
    minutes: smallint('minutes').notNull(),
    /** Visible to both. */
    notes: text('notes').notNull().default(''),
    loggedBy: uuid('logged_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('mentorship_sessions_mentorship_idx').on(t.mentorshipId, t.heldOn)],
);

// ---------------------------------------------------------------- groups, help, feedback

export const GROUP_KIND_VALUES = ['open', 'request', 'hidden', 'automatic'] as const;

/**
 * A chapter, class or interest group of one college (issue 27). `kind` decides how members come
 * in: open (at once), request (an organiser approves), hidden (not listed: added, or an
 * invitation link) and automatic (the rule `rule_field = rule_value` over listed members' profiles,
 * kept by the users triggers of migration 0008).
 */
export const groups = pgTable(
  'groups',
  {
    id: id(),
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id, { onDelete: 'cascade' }),
    groupName: text('group_name').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind', { enum: GROUP_KIND_VALUES }).notNull().default('request'),
    /** Automatic groups: batch, branch, degree, country, city or company (GROUP_RULE_FIELDS). */
    ruleField: text('rule_field'),
    /** The id (batch, branch, degree, country, city) or company name the rule asks for. */
    ruleValue: text('rule_value'),
    /** A stored image name, as a post's picture. */
    coverPicture: text('cover_picture'),
    /** Hidden groups: the secret of the invitation link organisers hand out. */
    inviteToken: text('invite_token'),
    pinnedPostId: uuid('pinned_post_id').references(() => posts.id, { onDelete: 'set null' }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('groups_college_name_uq').on(t.collegeId, t.groupName),
    uniqueIndex('groups_invite_token_uq').on(t.inviteToken),
    index('groups_college_automatic_idx')
      .on(t.collegeId)
      .where(sql`${t.kind} = 'automatic'`),
    check(
      'groups_rule_with_automatic',
      sql`(${t.kind} = 'automatic') = (${t.ruleField} IS NOT NULL AND ${t.ruleValue} IS NOT NULL)`,
    ),
  ],
);

/**
 * Who is in a group and how: pending, approved (a member), rejected, or left (an automatic
 * group's member who left: the rule does not put them back). Organisers are approved members
 * with role organiser.
 */
export const groupMembers = pgTable(
  'group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'left'] })
      .notNull()
      .default('pending'),
    role: text('role', { enum: ['member', 'organiser'] })
      .notNull()
      .default('member'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('group_members_status_idx').on(t.groupId, t.status),
    // A member's groups: the socket's rooms on connect, "My groups", the rule triggers.
    index('group_members_user_idx').on(t.userId, t.status),
  ],
);

/** A group's one conversation (issue 27): every member reads and writes it. */
export const groupMessages = pgTable(
  'group_messages',
  {
    id: id(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    /** The sender's retry key: the same client id stores one message. */
    clientId: text('client_id'),
    /** Removed by an organiser: its text is no longer shown to anyone. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: uuid('removed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('group_messages_group_idx').on(t.groupId, t.createdAt, t.id),
    uniqueIndex('group_messages_client_uq').on(t.senderId, t.clientId),
  ],
);

export const helpRequests = pgTable(
  'help_requests',
  {
    id: id(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    query: text('query').notNull(),
    status: text('status', { enum: ['pending', 'closed'] })
      .notNull()
      .default('pending'),
    createdAt: createdAt(),
  },
  (t) => [index('help_requests_created_idx').on(t.createdAt)],
);

export const feedback = pgTable(
  'feedback',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    radioOption: text('radio_option', {
      enum: ['bug', 'feature', 'suggestion', 'other'],
    }).notNull(),
    input: text('input').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_created_idx').on(t.createdAt)],
);

// ---------------------------------------------------------------- dispatch jobs and delivery

export const dispatchJobs = pgTable(
  'dispatch_jobs',
  {
    id: id(),
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    action: text('action', { enum: ['approve', 'email', 'sms', 'whatsapp'] }).notNull(),
    count: integer('count').notNull(),
    status: text('status', { enum: ['review', 'dispatched', 'done', 'failed'] })
      .notNull()
      .default('review'),
    sent: integer('sent').notNull().default(0),
    /** What select-all froze (the filter and the total the admin saw); null for explicit ids. */
    selection: jsonb('selection'),
    inputCsvPath: text('input_csv_path').notNull(),
    outputCsvPath: text('output_csv_path'),
    createdAt: createdAt(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (t) => [index('dispatch_jobs_college_created_idx').on(t.collegeId, t.createdAt)],
);

/**
 * One row per recipient, frozen at addJob (name, e-mail and phone as they were then, for the input
 * CSV). `seq` numbers them within the job: the worker takes them in chunks of seq ranges. The
 * primary key is the unique key per (job, recipient) and the job has one channel, so a recipient
 * is processed once per (job, recipient, channel); `state` records how far it got.
 */
export const dispatchRecipients = pgTable(
  'dispatch_recipients',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => dispatchJobs.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    channel: text('channel', { enum: ['email', 'sms', 'whatsapp'] }).notNull(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    /**
     * null: untouched; prepared: its side effects (approval, invitation) are written and the
     * message may have left; done: the provider took it (or it was skipped, see result).
     */
    state: text('state', { enum: ['prepared', 'done'] }),
    /** delivered, pending (provider will report), bounce, undelivered, or skipped: why. */
    result: text('result'),
    providerMessageId: text('provider_message_id'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.userId] }),
    uniqueIndex('dispatch_recipients_job_seq_idx').on(t.jobId, t.seq),
    index('dispatch_recipients_provider_idx')
      .on(t.providerMessageId)
      .where(sql`${t.providerMessageId} IS NOT NULL`),
  ],
);

/**
 * Messages that no provider is configured for: readable by an admin in the browser. The
 * idempotency key is the one a provider would get, so a retried send lands here once.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    collegeId: uuid('college_id').references(() => colleges.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['email', 'sms', 'whatsapp'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    html: text('html'),
    /** Headers a real send would carry (List-Unsubscribe and its one-click partner). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_college_created_idx').on(t.collegeId, t.createdAt)],
);

/** An e-mail, SMS or WhatsApp invitation's link: single use, expires; only its hash is kept. */
export const invitations = pgTable(
  'invitations',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id').references(() => dispatchJobs.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('invitations_user_idx').on(t.userId)],
);

/**
 * A "forgot password" link: one per member (asking again replaces it), single use, short-lived;
 * only its hash is kept.
 */
export const passwordResets = pgTable('password_resets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** Values the installation keeps for itself (e.g. the secret invitation links are derived from). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

// ---------------------------------------------------------------- live quiz

export const quizzes = pgTable('quizzes', {
  id: id(),
  collegeId: uuid('college_id')
    .notNull()
    .references(() => colleges.id, { onDelete: 'cascade' }),
  createdBy: uuid('created_by')
    .notNull()
    .references(() => users.id),
  title: text('title').notNull(),
  createdAt: createdAt(),
});

export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: id(),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    question: text('question').notNull(),
    /** An order question's items in their right order. */
    options: jsonb('options').$type<string[]>().notNull(),
    /** single and true_false; 0 for the kinds that have no one right option. */
    correctOption: smallint('correct_option').notNull(),
    timeLimit: smallint('time_limit').notNull().default(20),
    /** Issue 31: the kind (QUESTION_KINDS) and each kind's own fields. */
    kind: text('kind', { enum: ['single', 'true_false', 'multiple', 'poll', 'typed', 'order'] })
      .notNull()
      .default('single'),
    correctOptions: jsonb('correct_options').$type<number[]>().notNull().default([]),
    partialCredit: boolean('partial_credit').notNull().default(false),
    acceptedAnswers: jsonb('accepted_answers').$type<string[]>().notNull().default([]),
    doublePoints: boolean('double_points').notNull().default(false),
    imageName: text('image_name'),
    imageAlt: text('image_alt'),
  },
  (t) => [uniqueIndex('quiz_questions_position_uq').on(t.quizId, t.position)],
);

export const games = pgTable('games', {
  id: id(),
  quizId: uuid('quiz_id')
    .notNull()
    .references(() => quizzes.id, { onDelete: 'cascade' }),
  /** Six characters, A-Z and 0-9. */
  code: text('code').notNull().unique(),
  status: text('status', { enum: ['lobby', 'question', 'results', 'finished'] })
    .notNull()
    .default('lobby'),
  currentQuestion: smallint('current_question'),
  questionStartedAt: timestamp('question_started_at', { withTimezone: true }),
  createdAt: createdAt(),
  /** Issue 31: a live game, or a self-paced challenge open until its deadline. */
  kind: text('kind', { enum: ['live', 'challenge'] })
    .notNull()
    .default('live'),
  /** The scoring the host chose (GameSettings); '{}' reads as today's rules. */
  settings: jsonb('settings').$type<GameSettingsInput>().notNull().default({}),
  deadline: timestamp('deadline', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/**
 * A visitor's proof that an e-mail is theirs before a quiz names them: a six-digit code sent to
 * it, with a deadline and a count of tries; only its hash is kept. Asking again replaces it.
 */
export const quizEmailCodes = pgTable('quiz_email_codes', {
  email: text('email').primaryKey(),
  codeHash: text('code_hash').notNull(),
  tries: smallint('tries').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

export const players = pgTable(
  'players',
  {
    id: id(),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    score: integer('score').notNull().default(0),
    joinedAt: createdAt(),
    /** Issue 31: the team (0-based index into TEAM_NAMES) in team mode. */
    team: smallint('team'),
    /** A challenge's attempt: the question out now, since when, and when the player finished. */
    currentQuestion: smallint('current_question'),
    questionStartedAt: timestamp('question_started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('players_game_user_uq').on(t.gameId, t.userId)],
);

export const answers = pgTable(
  'answers',
  {
    id: id(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => quizQuestions.id, { onDelete: 'cascade' }),
    option: smallint('option'),
    timeTakenMs: integer('time_taken_ms').notNull(),
    isCorrect: boolean('is_correct').notNull(),
    score: integer('score').notNull(),
    createdAt: createdAt(),
    /** Issue 31: answers that are not one option (several, an order, a text). */
    value: jsonb('value').$type<number[] | string>(),
    /** AnswerState as marked; rows older than issue 31 read correct or wrong from is_correct. */
    state: text('state', { enum: ['correct', 'partial', 'wrong', 'voted'] }),
    /** The server's measure of the answer's time (time_taken_ms is the client's, kept only). */
    elapsedMs: integer('elapsed_ms'),
    /** The streak bonus inside `score`. */
    bonus: integer('bonus').notNull().default(0),
  },
  // One answer per player per question, enforced by the database.
  (t) => [uniqueIndex('answers_player_question_uq').on(t.playerId, t.questionId)],
);

// ---------------------------------------------------------------- notifications

/**
 * What happened that concerns a member, one row per (member, kind, target) while unread: a
 * further like or comment on the same post adds to it (its actors and count) instead of adding a
 * row. Once read, the next event starts a new row.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of NOTIFICATION_KINDS (packages/contract/src/notifications.ts). */
    kind: text('kind').notNull(),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    /** Events this row stands for: its actors, or (a summary) what the summary counts. */
    count: integer('count').notNull().default(1),
    /** What the latest event said, for the list (a decision, a comment's first words). */
    detail: text('detail'),
    createdAt: createdAt(),
    /** The latest event's time: what the list is ordered by. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Set once an e-mail (at once, or a digest) has told the member of it. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_updated_idx').on(t.userId, t.updatedAt, t.id),
    uniqueIndex('notifications_unread_target_uq')
      .on(t.userId, t.kind, t.targetType, t.targetId)
      .where(sql`${t.readAt} is null`),
    index('notifications_unemailed_idx')
      .on(t.updatedAt)
      .where(sql`${t.readAt} is null and ${t.emailedAt} is null`),
  ],
);

/** Who did what a notification groups (a like taken back removes its actor, and the row at 0). */
export const notificationActors = pgTable(
  'notification_actors',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.actorId] }),
    index('notification_actors_latest_idx').on(t.notificationId, t.at),
  ],
);

/** A member's choices per kind; a kind without a row takes DEFAULT_NOTIFICATION_PREFERENCES. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    inApp: boolean('in_app').notNull(),
    /** off, instant, daily or weekly (EMAIL_CHOICES). */
    email: text('email').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * Addresses never e-mailed again, by notifications or dispatch jobs: they hard-bounced or their
 * owner complained (reported on /api/webhooks/email-events). An admin may lift an entry.
 */
export const emailSuppressions = pgTable('email_suppressions', {
  /** Lower case. */
  email: text('email').primaryKey(),
  reason: text('reason', { enum: ['bounce', 'complaint'] }).notNull(),
  /** `ses` or `signed-json`. */
  source: text('source').notNull(),
  detail: text('detail'),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- CSV import (Upload Users)

/** One uploaded CSV: its rows are staged in import_rows and imported in chunks by the worker. */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: id(),
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    fileName: text('file_name').notNull(),
    status: text('status', { enum: ['running', 'done'] })
      .notNull()
      .default('running'),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    added: integer('added').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('import_jobs_college_created_idx').on(t.collegeId, t.createdAt)],
);

/**
 * Each CSV row as read, numbered as in the file (the header is row 1). A row's outcome is written
 * in the same transaction as the user it adds, so a chunk run twice adds nobody twice.
 */
export const importRows = pgTable(
  'import_rows',
  {
    // No foreign key on purpose: its check, once per staged row, was more than half the cost
    // of staging a file (5.6 s of 9.4 s a million rows). Rows are written only by the upload, in
    // the transaction that creates their job.
    jobId: uuid('job_id').notNull(),
    rowNumber: integer('row_number').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phoneCountryCode: text('phone_country_code'),
    phone: text('phone'),
    degreeName: text('degree_name'),
    batchName: text('batch_name'),
    branchName: text('branch_name'),
    newCollegeRequestName: text('new_college_request_name'),
    /** null: not imported yet. */
    outcome: text('outcome', { enum: ['added', 'failed'] }),
    reason: text('reason'),
    userId: uuid('user_id'),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.rowNumber] })],
);
