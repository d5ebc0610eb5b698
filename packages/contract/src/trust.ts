import { z } from 'zod';
import { newPasswordSchema, PASSWORDS_DO_NOT_MATCH_MESSAGE } from './auth';
import { idSchema } from './common';

// Issue 30: a second factor, the member's own data, the audit log and the member's sessions (the
// login's answer is in auth.ts, single sign-on in sso.ts). The calls are in routes.ts (API.mfa,
// API.me, API.audit, API.accounts).

// ---------------------------------------------------------------- a second factor

/** `error` of the 403 every guarded route answers to a session that has not passed its factor. */
export const MFA_REQUIRED_ERROR = 'mfa_required';
export const MFA_VERIFY_MESSAGE =
  'Please confirm it is you with your authenticator code, a passkey or a recovery code to continue.';
export const MFA_ENROL_MESSAGE =
  'Admins must set up a second factor (an authenticator app or a passkey) before using the dashboard.';

/** Wrong codes in a row that lock the second step, and for how long. */
export const MFA_FAILURE_LIMIT = 5;
export const MFA_LOCK_MINUTES = 15;
export const RECOVERY_CODE_COUNT = 10;
export const MFA_BAD_CODE_MESSAGE = 'That code is not right. Please try again.';
export const MFA_CODE_USED_MESSAGE = 'That code was already used. Please wait for the next one.';
export const mfaLockedMessage = (minutes: number) =>
  `Too many wrong codes. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

/** POST /api/auth/mfa/totp/enrol: a new secret to scan; it is kept only once a code confirms it. */
export const totpEnrolAnswer = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL drawn as an SVG QR code, ready for an <img>. */
  qrSvg: z.string(),
});
export type TotpEnrolAnswer = z.infer<typeof totpEnrolAnswer>;

/** POST /api/auth/mfa/totp/verify: a six-digit code, or one of the recovery codes. */
export const totpVerifyBody = z.object({
  code: z
    .string({ error: 'Please enter the code' })
    .trim()
    .min(1, 'Please enter the code')
    .max(32, MFA_BAD_CODE_MESSAGE),
});
export type TotpVerifyBody = z.infer<typeof totpVerifyBody>;
export const mfaPassedAnswer = z.object({
  ok: z.literal(true),
  message: z.string(),
  /** Shown once, when this call finished an enrolment (or made new codes); null otherwise. */
  recoveryCodes: z.array(z.string()).nullable(),
});
export type MfaPassedAnswer = z.infer<typeof mfaPassedAnswer>;

/** WebAuthn options and responses are @simplewebauthn's JSON, passed through as they are. */
export const webauthnJson = z.record(z.string(), z.unknown());
export const passkeyRegisterBody = z.object({
  name: z
    .string({ error: 'Please name this passkey' })
    .trim()
    .min(1, 'Please name this passkey')
    .max(60, 'A passkey name must be at most 60 characters'),
  response: webauthnJson,
});
export const passkeyAuthenticateBody = z.object({ response: webauthnJson });

export const passkeyView = z.object({
  _id: idSchema,
  name: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
});
/** GET /api/me/factors: the second factors of the signed-in account. */
export const factorsAnswer = z.object({
  totp: z.boolean(),
  passkeys: z.array(passkeyView),
  recoveryCodesLeft: z.number().int(),
  /** Admins must keep one factor: the last cannot be removed. */
  required: z.boolean(),
});
export type FactorsAnswer = z.infer<typeof factorsAnswer>;
export const passkeyParams = z.object({ id: idSchema });

// ---------------------------------------------------------------- sessions and password

export const sessionView = z.object({
  _id: idSchema,
  /** "Firefox 132 on Windows", from the session's User-Agent. */
  browser: z.string(),
  /** Approximate: the address's prefix ("203.0.113.x"); null before its first call. */
  place: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  lastSeenAt: z.iso.datetime({ offset: true }).nullable(),
  current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionView>;
export const sessionsAnswer = z.object({ sessions: z.array(sessionView) });
export const sessionParams = z.object({ id: idSchema });

/** POST /api/me/password: the current password, then the new one twice. */
export const changePasswordBody = z
  .object({
    currentPassword: z
      .string({ error: 'Current Password is required' })
      .min(1, 'Current Password is required')
      .max(200),
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ error: 'Confirm New Password is required' }),
  })
  .refine((body) => body.newPassword === body.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH_MESSAGE,
    path: ['confirmPassword'],
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

// ---------------------------------------------------------------- privacy

/** Who may see one of a member's details: their college, their batch, or nobody. */
export const VISIBILITIES = ['college', 'batch', 'nobody'] as const;
export const visibility = z.enum(VISIBILITIES, {
  error: 'Choose who sees it: my college, my batch or nobody',
});
export type Visibility = z.infer<typeof visibility>;
export const privacySettings = z.object({
  email: visibility,
  phone: visibility,
  company: visibility,
  city: visibility,
  /** Whether the member is found in Alum Zone and the chat's search at all. */
  listed: z.boolean({ error: 'listed must be true or false' }),
});
export type PrivacySettings = z.infer<typeof privacySettings>;
/** Before issue 30 e-mail and phone were shown to nobody, company and city to the college. */
export const DEFAULT_PRIVACY: PrivacySettings = {
  email: 'nobody',
  phone: 'nobody',
  company: 'college',
  city: 'college',
  listed: true,
};

// ---------------------------------------------------------------- the member's own data

/** How long a "Download my data" link works, and a deletion waits for a change of mind. */
export const EXPORT_LINK_HOURS = 24;
export const DELETION_GRACE_DAYS = 14;
export const FORMER_MEMBER_NAME = 'Former member';

export const EXPORT_STATUSES = ['queued', 'ready', 'failed', 'expired'] as const;
export const exportView = z.object({
  _id: idSchema,
  status: z.enum(EXPORT_STATUSES),
  requestedAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ExportView = z.infer<typeof exportView>;
/** GET /api/me/export: the latest request, if any. */
export const exportStatusAnswer = z.object({ latest: exportView.nullable() });
export const exportParams = z.object({ token: z.string().max(200) });
/** POST /api/me/export: the new request, and what the member is told. */
export const exportRequestAnswer = z.object({
  ok: z.literal(true),
  message: z.string(),
  latest: exportView,
});
export const EXPORT_QUEUED_MESSAGE =
  'We are preparing your data. You will receive an e-mail with a download link, valid for 24 hours.';

/** POST /api/me/delete: the password confirms it is the member; keepContent: "Former member". */
export const deleteAccountBody = z.object({
  password: z
    .string({ error: 'Please enter your password to confirm' })
    .min(1, 'Please enter your password to confirm')
    .max(200),
  keepContent: z.boolean({ error: 'Choose whether your posts stay as "Former member"' }),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;
export const deletionView = z.object({
  /** When the account will be deleted; null when no deletion is pending. */
  deletesAt: z.iso.datetime({ offset: true }).nullable(),
  keepContent: z.boolean().nullable(),
});
export type DeletionView = z.infer<typeof deletionView>;
/** POST /api/me/delete, /api/me/delete/cancel and the admin's: the state, and a sentence. */
export const deletionAnswer = deletionView.extend({ ok: z.literal(true), message: z.string() });
/** POST /api/dashboard/users/{id}/delete-account: an admin, at the member's written request. */
export const adminDeleteAccountBody = z.object({
  keepContent: z.boolean({ error: 'Choose whether the posts stay as "Former member"' }),
  request: z
    .string({ error: 'Please describe the member’s written request' })
    .trim()
    .min(1, 'Please describe the member’s written request')
    .max(500, 'The request note must be at most 500 characters'),
});
export const userParams = z.object({ id: idSchema });

// ---------------------------------------------------------------- audit log

/** Every action the log records: `<area>.<verb>`. */
export const AUDIT_ACTIONS = [
  'member.approve',
  'member.reject',
  'member.delete',
  'member.metadata',
  'member.add',
  'member.delete_account',
  'dispatch.create',
  'dispatch.send',
  'dispatch.delete',
  'import.upload',
  'setup.change',
  'console.change',
  'role.change',
  'mfa.reset',
  'sso.change',
  'export.download',
  'group.change',
  'event.change',
  'mentoring.change',
  'suppression.lift',
  'quiz.change',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_PAGE_SIZE = 50;
const optionalDate = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.iso.date({ message: 'Dates are written YYYY-MM-DD' }).optional(),
);
export const auditQuery = z.object({
  actor: z.string().trim().max(200).optional(),
  action: z.preprocess((v) => (v === '' ? undefined : v), z.enum(AUDIT_ACTIONS).optional()),
  from: optionalDate,
  to: optionalDate,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** Super admins: one college; college admins always see their own. */
  collegeId: z.preprocess((v) => (v === '' ? undefined : v), idSchema.optional()),
  format: z.enum(['json', 'csv']).default('json'),
});
export type AuditQuery = z.input<typeof auditQuery>;
export const auditEntry = z.object({
  _id: idSchema,
  at: z.iso.datetime({ offset: true }),
  actorId: idSchema.nullable(),
  actorName: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  targetLabel: z.string().nullable(),
  collegeId: idSchema.nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditPage = z.object({
  entries: z.array(auditEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPage>;
