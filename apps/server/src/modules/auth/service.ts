import {
  INVITATION_INVALID_MESSAGE,
  type acceptInvitationBody,
  type CsvRowSignupBody,
  type LoginBody,
  type SetPasswordBody,
  type signupBody,
} from '@alumnet/contract';
import type { z } from 'zod';
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
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../lib/passwords';
import { findUserView } from '../users';
import * as repo from './repository';
import type { SessionUser } from './repository';
import { hashToken, newSessionToken } from './tokens';

/** Per-account limit: this many failed passwords within the window lock the account for it. */
export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_WINDOW_MINUTES = 15;

export const messages = {
  unknownAccount: 'No account found with this email or phone. Please sign up first.',
  wrongPassword: 'Incorrect password. Please try again.',
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

export function createAuthService(db: Database, options: { sessionDays: number }) {
  async function startSession(userId: string) {
    const token = newSessionToken();
    const expiresAt = new Date(Date.now() + options.sessionDays * 24 * 60 * 60 * 1000);
    await repo.insertSession(db, userId, hashToken(token), expiresAt);
    return { token, expiresAt };
  }

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
      const candidate = await repo.findLoginCandidate(db, parseUserName(body.userName));
      if (!candidate) {
        await verifyPassword(DUMMY_HASH, body.password);
        throw unauthorized(messages.unknownAccount);
      }
      if (candidate.isRejected) throw forbidden(messages.rejected);
      if (!candidate.isApproved || !candidate.passwordHash) throw forbidden(messages.pending);

      const windowStart = candidate.failedLoginWindowStart?.getTime() ?? 0;
      const windowEnd = windowStart + LOGIN_WINDOW_MINUTES * 60_000;
      if (candidate.failedLoginCount >= LOGIN_FAILURE_LIMIT && windowEnd > Date.now()) {
        const minutes = Math.ceil((windowEnd - Date.now()) / 60_000);
        throw tooManyRequests(
          `Too many failed login attempts for this account. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        );
      }
      if (!(await verifyPassword(candidate.passwordHash, body.password))) {
        await repo.recordFailedLogin(db, candidate.id, LOGIN_WINDOW_MINUTES);
        throw unauthorized(messages.wrongPassword);
      }
      if (candidate.failedLoginCount > 0) await repo.clearFailedLogins(db, candidate.id);
      // Rotate: whatever session this browser carried ends, a fresh token begins.
      const endedSessionIds = previousToken
        ? await repo.deleteSession(db, hashToken(previousToken))
        : [];
      const session = await startSession(candidate.id);
      return { session, user: await signedInUser(candidate.id), endedSessionIds };
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
      const passwordHash = await hashPassword(body.newPassword);
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
      const passwordHash = await hashPassword(body.newPassword);
      const endedSessionIds = await db.transaction(async (tx) => {
        await repo.updatePassword(tx, userId, passwordHash);
        return repo.deleteSessionsOfUser(tx, userId);
      });
      const session = await startSession(userId);
      return { session, user: await signedInUser(userId), endedSessionIds };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
