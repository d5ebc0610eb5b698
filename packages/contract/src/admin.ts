import { z } from 'zod';
import { idSchema } from './common';
import { college } from './lookups';
import { setPasswordBody, signedInUser } from './auth';

/** admin-area.md §9. */
export const ADMIN_SEARCH_PAGE_SIZE = 15;
export const ADMIN_TOAST_DURATION = 3000;
export const DISPATCH_JOBS_PAGE_SIZE = 10;
export const OUTBOX_PAGE_SIZE = 20;

/** admin-area.md §4: each channel's communication states. */
export const EMAIL_STATUSES = ['not_sent', 'pending', 'delivered', 'bounce'] as const;
export const SMS_STATUSES = ['not_sent', 'pending', 'delivered', 'undelivered'] as const;
export const WHATSAPP_STATUSES = ['not_sent', 'pending', 'delivered'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];
export type SmsStatus = (typeof SMS_STATUSES)[number];
export type WhatsappStatus = (typeof WHATSAPP_STATUSES)[number];

export const DISPATCH_METHODS = ['approve', 'email', 'whatsapp', 'sms'] as const;
export type DispatchMethod = (typeof DISPATCH_METHODS)[number];
/** review (red) → dispatched (green, the worker runs) → done; failed when the worker gave up. */
export const DISPATCH_STATUSES = ['review', 'dispatched', 'done', 'failed'] as const;
export type DispatchStatus = (typeof DISPATCH_STATUSES)[number];

// ---------------------------------------------------------------- messages (admin-area.md §5, §8)

export const ADMIN_MESSAGES = {
  selectAllFields: 'Please select all fields',
  rejectOne: 'You can only reject one user at a time',
  deleteOne: 'You can only delete one user at a time',
  cannotDeleteRegistered: 'Cannot delete a registered user',
  deleteFailed: 'An error occurred while deleting the user.',
  metadataUpdated: 'User metadata updated successfully',
  metadataFailed: 'Failed to update user metadata',
  failedDegrees: 'Failed to load degrees',
  failedBatches: 'Failed to load batches',
  failedBranches: 'Failed to load branches',
  failedColleges: 'Failed to load colleges. Please try again.',
  noResults: 'No results found. Please try different search criteria.',
  unexpectedFormat: 'Received unexpected data format. Please try again.',
  genericError: 'An error occurred. Please try again.',
  connection: 'Failed to fetch data. Please check your connection and try again.',
  fetchJobsFailed: 'Failed to fetch jobs',
  dispatchFailed: 'Failed to dispatch job',
  deleteJobFailed: 'Failed to delete job',
  newCollegeDataBlocked:
    'Some selected users have new college data. Update their degree, batch and branch first.',
} as const;

export const jobAddedMessage = (method: DispatchMethod) => `Added ${method} Job successfully`;
export const jobAddFailedMessage = (method: DispatchMethod) =>
  `An error occured while adding ${method} Job.`;

// ---------------------------------------------------------------- filters and the alumni table

/** A select's yes/no (or a boolean from an API client). */
const yesNo = z
  .union([z.boolean(), z.enum(['yes', 'no', 'true', 'false'])])
  .transform((v) => v === true || v === 'yes' || v === 'true');
/** An empty select arrives as '' (or null): it means "any". */
const blankAsAny = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/**
 * The filter object of admin-area.md §3, both forms: the alumni management names (companyName,
 * isApproved, isRegistered) and the dashboard search ones (companyId). `searchText` rides along
 * so a select-all job freezes exactly what the admin saw.
 */
export const alumniFilter = z.object({
  /** Super admins pick a college; a college admin's is their own whatever this says. */
  collegeId: blankAsAny(idSchema),
  locationCountry: blankAsAny(z.string().max(10)),
  /** A city id (the lookups' `_id`). */
  locationCity: blankAsAny(z.string().max(12)),
  companyName: blankAsAny(z.string().max(200)),
  /** The dashboard search's name for the company: the company's name is its id. */
  companyId: blankAsAny(z.string().max(200)),
  degree: blankAsAny(idSchema),
  batch: blankAsAny(idSchema),
  branch: blankAsAny(idSchema),
  isApproved: blankAsAny(yesNo),
  isRegistered: blankAsAny(yesNo),
  emailStatus: blankAsAny(z.enum(EMAIL_STATUSES)),
  smsStatus: blankAsAny(z.enum(SMS_STATUSES)),
  whatsappStatus: blankAsAny(z.enum(WHATSAPP_STATUSES)),
  searchText: blankAsAny(z.string().trim().max(100)),
});
export type AlumniFilter = z.output<typeof alumniFilter>;
export type AlumniFilterInput = z.input<typeof alumniFilter>;

/**
 * POST /api/dashboard/searchDashBoard. The spec sends `filters, searchText, pageId`; the filter
 * fields are also accepted flat, for API clients that send one object.
 */
export const dashboardSearchBody = alumniFilter.extend({
  filters: alumniFilter.optional(),
  pageId: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
export type DashboardSearchBody = z.input<typeof dashboardSearchBody>;

/** One row of the alumni management table (admin-area.md §3 "User row"). */
export const adminUserRow = z.object({
  _id: idSchema,
  createdAt: z.iso.datetime().nullable(),
  fullName: z.string(),
  degreeId: idSchema.nullable(),
  degreeName: z.string().nullable(),
  batchId: idSchema.nullable(),
  batchName: z.string().nullable(),
  branchId: idSchema.nullable(),
  branchName: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  isApproved: z.boolean(),
  isRegistered: z.boolean(),
  communicationStatus: z.object({
    email: z.enum(EMAIL_STATUSES),
    sms: z.enum(SMS_STATUSES),
    whatsapp: z.enum(WHATSAPP_STATUSES),
  }),
  isInvited: z.boolean(),
  /** The inviter, or null (shown as N/A). */
  invitedBy: z.object({ _id: idSchema, fullName: z.string() }).nullable(),
  locationCountry: z.string().nullable(),
  locationCity: z.string().nullable(),
  companyName: z.string().nullable(),
  newCollegeData: z.enum(['yes', 'no']),
  /** What a sign-up or CSV row asked for when the structure did not have it (New Data). */
  newDegreeRequestName: z.string().nullable(),
  newBatchRequestName: z.string().nullable(),
  newBranchRequestName: z.string().nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRow>;

export const dashboardSearchAnswer = z.object({
  users: z.array(adminUserRow),
  totalResults: z.number().int(),
});
export type DashboardSearchAnswer = z.infer<typeof dashboardSearchAnswer>;

/** GET /api/dashboard/filter-options: the colleges the caller may pick (one for a college admin). */
export const filterOptionsAnswer = z.object({ colleges: z.array(college) });
export type FilterOptionsAnswer = z.infer<typeof filterOptionsAnswer>;

// ---------------------------------------------------------------- single-user actions

export const rejectBody = z.object({
  userId: idSchema,
  reason: z.string().trim().max(2000, 'The reason can have at most 2000 characters.').default(''),
});
export const rejectAnswer = z.object({
  message: z.string(),
  rejectedUser: z.object({ _id: idSchema, fullName: z.string() }),
});

export const deleteUserBody = z.object({ userId: idSchema });
export const messageAnswer = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswer>;

const pickAll = z
  .string({ error: ADMIN_MESSAGES.selectAllFields })
  .min(1, ADMIN_MESSAGES.selectAllFields)
  .pipe(idSchema);
export const updateUserMetadataBody = z.object({
  userId: idSchema,
  degreeId: pickAll,
  batchId: pickAll,
  branchId: pickAll,
  /** What the dialog showed before the change; kept for the spec's payload, not trusted. */
  originalData: z
    .object({
      degreeId: z.string().nullable().optional(),
      batchId: z.string().nullable().optional(),
      branchId: z.string().nullable().optional(),
      degreeName: z.string().nullable().optional(),
      batchName: z.string().nullable().optional(),
      branchName: z.string().nullable().optional(),
    })
    .optional(),
});
export type UpdateUserMetadataBody = z.input<typeof updateUserMetadataBody>;

// ---------------------------------------------------------------- dispatch jobs

/**
 * POST /api/dashboard/addJob. With `selectAll` the server freezes everyone matching `filterData`
 * and refuses (409) when that is no longer `totalResults` people; otherwise exactly `userIds`.
 */
export const addJobBody = z
  .object({
    method: z.enum(DISPATCH_METHODS, { error: 'method must be approve, email, whatsapp or sms' }),
    /** The admin asking: must be the session's user. */
    reqUserId: idSchema.optional(),
    totalResults: z.coerce.number().int().min(0).optional(),
    selectAll: z.boolean().default(false),
    filterData: alumniFilter.optional(),
    userIds: z.array(idSchema).max(100_000).optional(),
  })
  .refine((b) => b.selectAll || (b.userIds?.length ?? 0) > 0, {
    message: 'Select at least one user.',
    path: ['userIds'],
  });
export type AddJobBody = z.input<typeof addJobBody>;

export const dispatchJob = z.object({
  _id: idSchema,
  createdAt: z.iso.datetime(),
  action: z.enum(DISPATCH_METHODS),
  count: z.number().int(),
  status: z.enum(DISPATCH_STATUSES),
  /** File names for the download call (admin-area.md §7 "Job CSV download"). */
  inputCsvPath: z.string(),
  outputCsvPath: z.string().nullable(),
  /** Improvement: live progress while the worker runs. */
  sent: z.number().int(),
  createdBy: z.object({ _id: idSchema, fullName: z.string() }),
  dispatchedAt: z.iso.datetime().nullable(),
});
export type DispatchJob = z.infer<typeof dispatchJob>;

export const addJobAnswer = z.object({ message: z.string(), job: dispatchJob });

/** POST /api/dashboard/fetchJobs: `collegeId` (ours) lets a super admin pick the college. */
export const fetchJobsBody = z.object({
  userId: idSchema.optional(),
  collegeId: idSchema.optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
export const fetchJobsAnswer = z.object({
  jobs: z.array(dispatchJob),
  totalPages: z.number().int(),
  totalJobs: z.number().int(),
});
export type FetchJobsAnswer = z.infer<typeof fetchJobsAnswer>;
export const jobIdParams = z.object({ jobId: idSchema });
/** GET {API.dashboard.download(fileName)}: a job's input or output CSV. */
export const csvFileNameParams = z.object({
  fileName: z.string().regex(/^[a-z0-9-]+\.csv$/i, 'Invalid file name'),
});

export const dispatchConfirmText = (action: string, count: number, time: string) =>
  `Are you sure you want to dispatch ${action} action for ${count} items created at ${time}?`;
export const deleteJobConfirmText = (action: string, time: string) =>
  `Are you sure you want to delete this job (${action}) created at ${time}?`;

// ---------------------------------------------------------------- outbox (no provider configured)

export const OUTBOX_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export const outboxMessage = z.object({
  _id: idSchema,
  createdAt: z.iso.datetime(),
  channel: z.enum(OUTBOX_CHANNELS),
  recipient: z.string(),
  subject: z.string().nullable(),
  /** Plain text; e-mails also carry their HTML. */
  body: z.string(),
  html: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;
export const outboxQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  collegeId: idSchema.optional(),
});
export const outboxAnswer = z.object({
  messages: z.array(outboxMessage),
  totalPages: z.number().int(),
  totalMessages: z.number().int(),
});
export type OutboxAnswer = z.infer<typeof outboxAnswer>;

// ---------------------------------------------------------------- invitations (/invite/{token})

export const invitationParams = z.object({ token: z.string().min(16).max(200) });
export const invitationAnswer = z.object({
  fullName: z.string(),
  email: z.string(),
  collegeName: z.string(),
});
export type InvitationAnswer = z.infer<typeof invitationAnswer>;
export const INVITATION_INVALID_MESSAGE =
  'This invitation link is not valid any more. Ask your college to send a new one.';
/** The same rules as Set New Password. */
export const acceptInvitationBody = setPasswordBody;
/** Accepting registers the alumnus and signs them in: the answer is the signed-in user. */
export const acceptInvitationAnswer = signedInUser;

// ---------------------------------------------------------------- background job payloads

/** One chunk of a dispatched job: the recipients with from <= seq < to. */
export const dispatchChunk = z.object({
  jobId: idSchema,
  from: z.number().int().min(0),
  to: z.number().int().min(1),
});
export type DispatchChunk = z.infer<typeof dispatchChunk>;
