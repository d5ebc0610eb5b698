import {
  INVITATION_INVALID_MESSAGE,
  PASSWORD_RESET_INVALID_MESSAGE,
  PASSWORD_RESET_MINUTES,
  type acceptInvitationBody,
  type CsvRowSignupBody,
  type LoginBody,
  type SetPasswordBody,
  type signupBody,
} from '@alumnet/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { outsideCallBudget } from '../../db/call-deadline';
import type { Database } from '../../db/client';
import { addWorkingDays } from '../../lib/dates';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  tooManyRequests,
  unauthorized,
} from '../../lib/errors';
import { adminCollegeId } from '../../lib/policy';
import { DUMMY_HASH, hashChosenPassword, verifyPassword } from '../../lib/passwords';
import { cancelPendingDeletion } from '../account-data/deletion';
import { passwordResetEmail, passwordResetText } from '../../mail/templates';
import type { OutgoingMessage, Transports } from '../../mail/transports';
import { findUserView } from '../users';
import * as repo from './repository';
import type { SessionUser } from './repository';
import { hashToken, newSessionToken } from './tokens';

/** Per-account limit: this many failed passwords within the window lock the account for it. */
export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_WINDOW_MINUTES = 15;

export const messages = {
  /**
   * One answer for an unknown address and a wrong password, so login tells nobody who has an
   * account; pending and rejected are said only to whoever gave the right password.
   */
  badCredentials: 'The e-mail, phone or password is not right.',
  pending:
    'Your details are still being reviewed. You will receive an e-mail with a one-time password once your account is approved.',
  rejected: 'Your registration was not approved. Please contact your college for details.',
  emailTaken: 'An account with this email already exists.',
  phoneTaken: 'An account with this phone number already exists.',
  badStructure: 'The selected degree, batch and branch do not belong to the selected college.',
  signedUp: 'Thank you for submitting your details.',
  rowAdded: 'User added.',
} as const;

type Signup = z.output<typeof signupBody>;
type AcceptInvitationBody = z.output<typeof acceptInvitationBody>;

function parseUserName(userName: string) {
  const value = userName.trim();
  if (value.includes('@')) return { email: value.toLowerCase() };
  // Phones are stored as digits only; people type them with spaces, dashes or a leading +.
  return { phone: value.replace(/[^\d]/g, '') };
}

export interface AuthServiceOptions {
  sessionDays: number;
  /** Where links in messages point: the portal's address as people reach it. */
  publicUrl: string;
  transports: Transports;
  log: FastifyBaseLogger;
  /**
   * Counts a failed login for an address that has no account, in a window as long as an
   * account's; answers the minutes left once the count went past LOGIN_FAILURE_LIMIT (else
   * null), so unknown addresses lock as accounts do and the lock tells nobody who has one.
   */
  countUnknownLoginFailure?: (address: string) => Promise<number | null>;
}

const lockedMessage = (minutes: number) =>
  `Too many failed login attempts for this account. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

/** Whether Intl knows the zone by this name (the names `Intl.supportedValuesOf` lists, and aliases). */
function isKnownTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export function createAuthService(db: Database, options: AuthServiceOptions) {
  /** `mfaPassed`: the session replaces one that had passed its second factor already. */
  const startSession = (userId: string, mfaPassed = false) =>
    repo.startSession(db, userId, options.sessionDays, mfaPassed ? new Date() : null);

  async function signedInUser(userId: string) {
    const view = await findUserView(db, userId);
    if (!view) throw unauthorized();
    return view;
  }

  async function assertContactFree(email: string, phone: string | null) {
    const taken = await repo.findTakenContact(db, email, phone);
    if (taken.some((t) => t.email === email)) throw conflict(messages.emailTaken);
    if (taken.length > 0) throw conflict(messages.phoneTaken);
  }

  async function freeUsername(wanted: string) {
    const base = wanted.toLowerCase().replace(/[^a-z0-9.]/g, '') || 'member';
    let username = base;
    for (let n = 2; await repo.isUsernameTaken(db, username); n++) username = `${base}${n}`;
    return username;
  }

  async function insertUser(values: Parameters<typeof repo.insertSignup>[1]) {
    try {
      return (await repo.insertSignup(db, values))!;
    } catch (error) {
      // Two sign-ups racing for the same e-mail or phone: the unique index decides.
      const constraint = (error as { cause?: { constraint?: string } }).cause?.constraint ?? '';
      if (constraint.includes('email')) throw conflict(messages.emailTaken);
      if (constraint.includes('phone')) throw conflict(messages.phoneTaken);
      throw error;
    }
  }

  return {
    signedInUser,

    /** Keeps the browser's zone (the `alumnet_tz` cookie) when Intl knows it; ignores the rest. */
    async rememberTimeZone(userId: string, zone: string | undefined) {
      if (!zone || zone.length > 64 || !isKnownTimeZone(zone)) return;
      await repo.storeTimeZone(db, userId, zone);
    },

    async signup(body: Signup) {
      const chain = await repo.findStructureChain(db, body);
      if (!chain) throw badRequest(messages.badStructure);
      await assertContactFree(body.email, body.phone);
      await insertUser({
        collegeId: body.collegeId,
        degreeId: body.degreeId,
        batchId: body.batchId,
        branchId: body.branchId,
        firstName: body.firstName,
        lastName: body.lastName,
        fullName: `${body.firstName} ${body.lastName}`,
        username: await freeUsername(`${body.firstName}.${body.lastName}`),
        email: body.email,
        phone: body.phone,
        isRegistered: true,
        isApproved: false,
      });
      return {
        ok: true as const,
        message: messages.signedUp,
        reviewDate: addWorkingDays(new Date(), chain.reviewWorkingDays),
      };
    },

    /**
     * The spec's upload, one row per call: the alumnus joins the admin's college unregistered,
     * to be invited later. A row whose branch was not resolved waits in New Data with the names
     * it asked for, as the streamed import does.
     */
    async signupFromCsvRow(admin: SessionUser, row: CsvRowSignupBody) {
      const collegeId = adminCollegeId(admin, row.collegeId);
      const ids = { degreeId: row.degreeId, batchId: row.batchId, branchId: row.branchId };
      if (!(await repo.partialChainBelongs(db, { collegeId, ...ids })))
        throw badRequest(messages.badStructure);
      await assertContactFree(row.email, row.phoneValue);
      const [firstName = '', ...rest] = row.fullName.split(' ');
      const newCollegeData = !row.branchId;
      const user = await insertUser({
        collegeId,
        degreeId: row.degreeId ?? null,
        batchId: row.batchId ?? null,
        branchId: row.branchId ?? null,
        firstName,
        lastName: rest.join(' '),
        fullName: row.fullName,
        username: await freeUsername(row.fullName.replace(/ /g, '.')),
        email: row.email,
        phone: row.phoneValue,
        phoneCountryCode: row.phoneCountryCode,
        newCollegeData,
        newCollegeRequestName: row.newCollegeRequestName,
        newDegreeRequestName: row.degreeId ? null : row.newDegreeRequestName,
        newBatchRequestName: row.batchId ? null : row.newBatchRequestName,
        newBranchRequestName: row.branchId ? null : row.newBranchRequestName,
      });
      return { ok: true as const, message: messages.rowAdded, userId: user.id, newCollegeData };
    },

    async login(body: LoginBody, previousToken: string | undefined) {
      const login = parseUserName(body.userName);
      const candidate = await repo.findLoginCandidate(db, login);
      if (!candidate) {
        await verifyPassword(DUMMY_HASH, body.password);
        const lockedMinutes = await options.countUnknownLoginFailure?.(
          login.email ?? login.phone ?? '',
        );
        if (lockedMinutes) throw tooManyRequests(lockedMessage(lockedMinutes));
        throw unauthorized(messages.badCredentials);
      }

      // The lock comes before the password, or it would not stop guessing.
      const windowStart = candidate.failedLoginWindowStart?.getTime() ?? 0;
      const windowEnd = windowStart + LOGIN_WINDOW_MINUTES * 60_000;
      if (candidate.failedLoginCount >= LOGIN_FAILURE_LIMIT && windowEnd > Date.now()) {
        throw tooManyRequests(lockedMessage(Math.ceil((windowEnd - Date.now()) / 60_000)));
      }
      // An account without a password (a sign-up under review) takes as long as any other.
      const right = await verifyPassword(candidate.passwordHash ?? DUMMY_HASH, body.password);
      if (!right || !candidate.passwordHash) {
        await repo.recordFailedLogin(db, candidate.id, LOGIN_WINDOW_MINUTES);
        throw unauthorized(messages.badCredentials);
      }
      if (candidate.failedLoginCount > 0) await repo.clearFailedLogins(db, candidate.id);
      // Only now, to someone who knows the password: the state of the account.
      if (candidate.isRejected) throw forbidden(messages.rejected);
      if (!candidate.isApproved) throw forbidden(messages.pending);
      // Rotate: whatever session this browser carried ends, a fresh token begins.
      const endedSessionIds = previousToken
        ? await repo.deleteSession(db, hashToken(previousToken))
        : [];
      const session = await startSession(candidate.id);
      const mfa = await repo.newSessionMfaNeed(db, candidate.id);
      // Signing in within the grace period is the change of mind: a pending deletion stops. Only
      // once the person is fully signed in (else the second step does it, modules/mfa): a
      // password alone must not keep an account its owner asked to delete.
      if (!mfa) await cancelPendingDeletion(db, candidate.id);
      return { session, user: await signedInUser(candidate.id), mfa, endedSessionIds };
    },

    /** The ids of the sessions it ended (none or one). */
    logout: async (token: string | undefined) =>
      token ? repo.deleteSession(db, hashToken(token)) : [],

    /** Who an invitation link is for; a used, expired or unknown one is refused alike. */
    async invitation(token: string) {
      const invitation = await repo.findOpenInvitation(db, hashToken(token));
      if (!invitation) throw notFound(INVITATION_INVALID_MESSAGE);
      return invitation;
    },

    /** Sets the invited alumnus's password, registers them and signs them in. */
    async acceptInvitation(token: string, body: AcceptInvitationBody) {
      const passwordHash = await hashChosenPassword(body.newPassword);
      const userId = await db.transaction(async (tx) => {
        const id = await repo.acceptInvitation(tx, hashToken(token), passwordHash);
        // Rolls the "used" mark back: a link that registered nobody stays as it was.
        if (!id) throw notFound(INVITATION_INVALID_MESSAGE);
        return id;
      });
      const session = await startSession(userId);
      return { session, user: await signedInUser(userId) };
    },

    /** Ends every session of the user (other devices too) and starts a new one for this browser. */
    async setPassword(userId: string, body: SetPasswordBody) {
      const passwordHash = await hashChosenPassword(body.newPassword);
      const endedSessionIds = await db.transaction(async (tx) => {
        await repo.updatePassword(tx, userId, passwordHash);
        return repo.deleteSessionsOfUser(tx, userId);
      });
      // Only a fully signed-in session may call this: its successor needs no second step again.
      const session = await startSession(userId, true);
      return { session, user: await signedInUser(userId), endedSessionIds };
    },

    /**
     * Sends a reset link to the member the e-mail or phone belongs to: by e-mail, or by SMS when
     * they gave their phone. The caller answers the same whatever happens here, so nothing is
     * returned; `maySend` is the per-member budget (false: silently nothing is sent).
     */
    async requestPasswordReset(userName: string, maySend: (userId: string) => Promise<boolean>) {
      const login = parseUserName(userName);
      const member = await repo.findResetCandidate(db, login);
      if (!member || !(await maySend(member.id))) return;

      const token = newSessionToken();
      const tokenHash = hashToken(token);
      const expiresAt = new Date(Date.now() + PASSWORD_RESET_MINUTES * 60_000);
      const link = `${options.publicUrl}/reset-password/${token}`;
      const bySms = !login.email && member.phone !== null;
      const base = {
        idempotencyKey: `password-reset.${tokenHash}`,
        collegeId: member.collegeId,
      };
      const message: OutgoingMessage = bySms
        ? {
            ...base,
            channel: 'sms',
            to: member.phone!,
            subject: null,
            html: null,
            text: passwordResetText({ link, minutes: PASSWORD_RESET_MINUTES }),
          }
        : {
            ...base,
            channel: 'email',
            to: member.email,
            ...passwordResetEmail({
              fullName: member.fullName,
              collegeName: member.collegeName ?? 'Alumnet',
              link,
              minutes: PASSWORD_RESET_MINUTES,
            }),
          };
      const transport = options.transports[message.channel];

      if (transport.inDatabase) {
        // The outbox row commits with the link: both or neither.
        await db.transaction(async (tx) => {
          await repo.savePasswordReset(tx, member.id, tokenHash, expiresAt);
          await transport.send(message, tx);
        });
        return;
      }
      await repo.savePasswordReset(db, member.id, tokenHash, expiresAt);
      // A provider may take seconds: sent after the answer, so its time does not tell which
      // addresses have accounts. Lost on a crash; the member asks again. Outside the call's
      // deadline, which it outlives.
      void outsideCallBudget(() => transport.send(message, db)).then(
        (sent) => {
          if (sent.status === 'bounce' || sent.status === 'undelivered')
            options.log.warn({ userId: member.id, status: sent.status }, 'reset link refused');
        },
        (error: unknown) =>
          options.log.error({ err: error, userId: member.id }, 'reset link not sent'),
      );
    },

    /** Whether a reset link can still set a password. */
    passwordResetOpen: (token: string) => repo.isPasswordResetOpen(db, hashToken(token)),

    /**
     * Sets the password a reset link was for, ends every session of the member (and whatever
     * session this browser had) and signs this browser in. A refused password leaves the link
     * usable: it is checked before the link is used up.
     */
    async resetPassword(token: string, body: SetPasswordBody, previousToken: string | undefined) {
      const tokenHash = hashToken(token);
      if (!(await repo.isPasswordResetOpen(db, tokenHash)))
        throw badRequest(PASSWORD_RESET_INVALID_MESSAGE);
      const passwordHash = await hashChosenPassword(body.newPassword);
      const { userId, endedSessionIds } = await db.transaction(async (tx) => {
        // Checked again here: another tab may have used it meanwhile.
        const id = await repo.takePasswordReset(tx, tokenHash);
        if (!id) throw badRequest(PASSWORD_RESET_INVALID_MESSAGE);
        await repo.updatePassword(tx, id, passwordHash);
        // Whoever guessed at the account before is shut out by the new password, not the lock.
        await repo.clearFailedLogins(tx, id);
        const ended = await repo.deleteSessionsOfUser(tx, id);
        const previous = previousToken
          ? await repo.deleteSession(tx, hashToken(previousToken))
          : [];
        return { userId: id, endedSessionIds: [...ended, ...previous] };
      });
      const session = await startSession(userId);
      // A new password is not a second factor: an account with one still confirms it.
      const mfa = await repo.newSessionMfaNeed(db, userId);
      return { session, user: await signedInUser(userId), mfa, endedSessionIds };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
