import { z } from 'zod';
import { idSchema, requiredText } from './common';

export const USER_TYPES = ['u', 'a'] as const;

/** Loose on purpose: the spec's tests only require `{email}` with no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;
const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .regex(EMAIL_PATTERN, 'Invalid email format')
  .transform((value) => value.toLowerCase());

const phone = z
  .string({ error: 'Phone is required' })
  .trim()
  .min(1, 'Phone is required')
  .regex(/^\d+$/, 'Phone must be a number')
  .min(7, 'Phone must have 7 to 15 digits')
  .max(15, 'Phone must have 7 to 15 digits');

const pick = (message: string) => z.string({ error: message }).min(1, message).pipe(idSchema);

/**
 * Keys are in the order the sign-up form checks them (member-portal.md §5): the first issue zod
 * reports is the one message the form shows.
 */
export const signupBody = z.object({
  firstName: requiredText('First Name is required', 100),
  lastName: requiredText('Last Name is required', 100),
  email,
  phone,
  collegeId: pick('College Name is required'),
  degreeId: pick('Degree is required'),
  batchId: pick('Batch is required'),
  branchId: pick('Branch is required'),
});
export type SignupBody = z.input<typeof signupBody>;

const optionalId = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  idSchema.optional(),
);
const optionalName = z
  .string()
  .trim()
  .max(200, 'Requested names must be at most 200 characters')
  .nullish()
  .transform((v) => v || null);

/**
 * admin-area.md §3 "Signup payload built from a CSV row": an admin adds an alumnus to their
 * college the spec's way, one row per call. Ids the admin could not resolve are left empty and
 * the row's names travel as the requested ones, so it lands in New Data.
 */
export const csvRowSignupBody = z.object({
  fullName: requiredText('fullName is required', 200).transform((v) => v.replace(/\s+/g, ' ')),
  collegeId: idSchema.optional(),
  degreeId: optionalId,
  batchId: optionalId,
  branchId: optionalId,
  email,
  phoneCountryCode: z
    .string()
    .trim()
    .max(8)
    .nullish()
    .transform((v) => v || null),
  phoneValue: z
    .string()
    .nullish()
    .transform((v) => v?.replace(/\D/g, '') || null)
    .refine(
      (v) => v === null || (v.length >= 7 && v.length <= 15),
      'Phone must have 7 to 15 digits',
    ),
  newCollegeRequestName: optionalName,
  newDegreeRequestName: optionalName,
  newBatchRequestName: optionalName,
  newBranchRequestName: optionalName,
});
export type CsvRowSignupBody = z.output<typeof csvRowSignupBody>;

/**
 * POST /api/auth/signup takes either body: one naming `fullName` is a CSV row (admins only),
 * anything else is the member's form. Each is checked by its own schema, so the form keeps its
 * messages in its own order.
 */
export const signupRequest = z.unknown().transform((body, ctx) => {
  const csvRow = typeof body === 'object' && body !== null && 'fullName' in body;
  const parsed = csvRow ? csvRowSignupBody.safeParse(body) : signupBody.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  }
  return csvRow
    ? { kind: 'csvRow' as const, row: parsed.data as CsvRowSignupBody }
    : { kind: 'form' as const, form: parsed.data as z.output<typeof signupBody> };
});
export const csvRowSignupAnswer = z.object({
  ok: z.literal(true),
  message: z.string(),
  userId: idSchema,
  /** True when a name was not found in the college and the row waits in New Data. */
  newCollegeData: z.boolean(),
});

export const signupAnswer = z.object({
  ok: z.literal(true),
  message: z.string(),
  /** The date the details will have been reviewed by (the college's next review date). */
  reviewDate: z.iso.date(),
});
export type SignupAnswer = z.infer<typeof signupAnswer>;

export const loginBody = z.object({
  userName: z
    .string({ error: 'Please fill in all fields' })
    .trim()
    .min(1, 'Please fill in all fields')
    .max(254),
  password: z
    .string({ error: 'Please fill in all fields' })
    .min(1, 'Please fill in all fields')
    .max(200),
});
export type LoginBody = z.infer<typeof loginBody>;

export const MIN_PASSWORD_LENGTH = 8;
export const PASSWORDS_DO_NOT_MATCH_MESSAGE = 'Passwords do not match!';
export const newPasswordSchema = z
  .string({ error: 'New Password is required' })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(200, 'Password must be at most 200 characters');

export const setPasswordBody = z
  .object({
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ error: 'Confirm New Password is required' }),
  })
  .refine((body) => body.newPassword === body.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH_MESSAGE,
    path: ['confirmPassword'],
  });
export type SetPasswordBody = z.infer<typeof setPasswordBody>;

/** How long a password reset link works. */
export const PASSWORD_RESET_MINUTES = 30;
export const PASSWORD_RESET_SENT_MESSAGE = `If an account uses this e-mail or phone, a link to choose a new password is on its way. It works once, for ${PASSWORD_RESET_MINUTES} minutes.`;
export const PASSWORD_RESET_INVALID_MESSAGE =
  'This password reset link is not valid any more: it was used, it expired or it is incomplete. Please ask for a new one.';

/** POST /api/auth/password-reset: the e-mail or phone the member logs in with. */
export const passwordResetRequestBody = z.object({
  userName: z
    .string({ error: 'Please enter your e-mail or phone' })
    .trim()
    .min(1, 'Please enter your e-mail or phone')
    .max(254, 'Email must be at most 254 characters'),
});
export type PasswordResetRequestBody = z.infer<typeof passwordResetRequestBody>;
/** The same words for known and unknown addresses, so the answer tells nobody who has an account. */
export const passwordResetRequestAnswer = z.object({ message: z.string() });

/** Any string up to the limit: a wrong one is answered as an unknown link, not as bad input. */
export const passwordResetParams = z.object({
  token: z.string().max(200, PASSWORD_RESET_INVALID_MESSAGE),
});
/** GET /api/auth/password-reset/{token}: whether the link can still set a password. */
export const passwordResetStatus = z.object({ valid: z.boolean() });
export type PasswordResetStatus = z.infer<typeof passwordResetStatus>;
/** POST /api/auth/password-reset/{token}: the same fields and rules as Set New Password. */
export const passwordResetBody = setPasswordBody;
export type PasswordResetBody = SetPasswordBody;

/** The signed-in user as the browser keeps it (storage key `chat-user`, member-portal.md §3). */
export const signedInUser = z.object({
  _id: idSchema,
  fullName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  profilePic: z.string().nullable(),
  collegeId: idSchema.nullable(),
  batchId: idSchema.nullable(),
  branchId: idSchema.nullable(),
  collegeName: z.string().nullable(),
  batchName: z.string().nullable(),
  branchName: z.string().nullable(),
  locationCountry: z.string().nullable(),
  locationCity: z.string().nullable(),
  companyName: z.string().nullable(),
  userType: z.enum(USER_TYPES),
  isSuperAdmin: z.boolean(),
  /** True while the account holds a one-time password: the login screen then asks for a new one. */
  mustChangePassword: z.boolean(),
});
export type SignedInUser = z.infer<typeof signedInUser>;

export const userBody = z.object({
  userId: z
    .string({ error: (issue) => (issue.input === undefined ? 'userId is required' : 'Invalid id') })
    .pipe(idSchema),
});

/** POST /api/users/user: the profile record (member-portal.md §3 "User profile"). */
export const userProfile = z.object({
  _id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  batchName: z.string().nullable(),
  branchName: z.string().nullable(),
  collegeName: z.string().nullable(),
  companyName: z.string().nullable(),
  locationCountry: z.string().nullable(),
  locationCity: z.string().nullable(),
  profilePic: z.string().nullable(),
  /** The ids behind locationCountry / locationCity, for the profile form's selects. */
  locationCountryId: z.string().nullable(),
  locationCityId: z.string().nullable(),
  isEntrepreneur: z.boolean(),
  openToMentoring: z.boolean(),
});
export type UserProfile = z.infer<typeof userProfile>;

// Issue 30: what a new session still needs (a second factor), told with the login's answer.
/** What a session still needs before it may do anything else: confirm a factor, or enrol one. */
export const MFA_NEEDS = ['verify', 'enrol'] as const;
export const mfaNeed = z.enum(MFA_NEEDS).nullable();
export type MfaNeed = z.infer<typeof mfaNeed>;

/** POST /api/auth/login: the signed-in user as before, and what the session still needs. */
export const loginAnswer = signedInUser.extend({ mfa: mfaNeed });
export type LoginAnswer = z.infer<typeof loginAnswer>;
/** GET /api/auth/me: a session waiting for its factor has a user and a need. */
export const meAnswer = z.object({ user: signedInUser.nullable(), mfa: mfaNeed });
export type MeAnswer = z.infer<typeof meAnswer>;
