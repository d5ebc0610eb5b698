import { createHmac } from 'node:crypto';
import { hashToken } from '../apps/server/src/modules/auth/tokens';

/**
 * The session of bench player n (quiz-player-<n>@bench.example): the players play signed in,
 * as a member on their own phone does, so validate-user needs no e-mail code. Derived from a
 * secret of the run, so the seeding process and the load generators agree without passing
 * 10,000 tokens around.
 */
export const playerSessionToken = (runSecret: string, n: number) =>
  createHmac('sha256', runSecret).update(`quiz-player-${n}`).digest('base64url');

/** What the sessions table stores for it (the app's own hash of a session token). */
export const playerSessionHash = (runSecret: string, n: number) =>
  hashToken(playerSessionToken(runSecret, n));

/** What the bench's typed-answer questions accept (bench/quiz.ts) and half the players type. */
export const BENCH_TYPED_ANSWER = 'Alumnet';
