import { API, type MfaNeed, type TotpEnrolAnswer } from '@alumnet/contract';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { DEMO_TOTP_SECRET } from '../db/seed/demo';
import { SESSION_COOKIE } from '../modules/auth/tokens';

/** A POST with the session's cookie, however the caller reaches the server. */
export type PostWithSession = (
  path: string,
  body?: object,
) => Promise<{ status: number; body: unknown }>;

/** A PostWithSession over real HTTP, to a server at `baseUrl`. */
export const postOverHttp =
  (baseUrl: string, cookie: string): PostWithSession =>
  async (path, body) => {
    const answer = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body ?? {}),
    });
    return { status: answer.status, body: (await answer.json()) as unknown };
  };

/** Per account and secret, the last time step this process answered with. */
const lastStep = new Map<string, number>();

/**
 * Passes a new session's second step the way a person does (issue 30), for tools that sign admins
 * in over HTTP: the benchmarks and the tests that run the server as a process. `need` is the login
 * answer's `mfa`. An account without a factor enrols an authenticator; one with a factor answers
 * with a code of `secret` (the demo's) for a step this process has not used yet: the server refuses
 * a step used twice and accepts one step either side of now, so up to three sign-ins of one
 * account fit in 30 seconds, and a fourth waits for the next step.
 */
export async function passSecondFactor(
  post: PostWithSession,
  account: string,
  need: MfaNeed,
  secret = DEMO_TOTP_SECRET,
) {
  if (need === null) return;
  if (need === 'enrol') {
    const enrolled = await post(API.mfa.totpEnrol);
    if (enrolled.status !== 200) throw new Error(`enrol refused: ${JSON.stringify(enrolled.body)}`);
    secret = (enrolled.body as TotpEnrolAnswer).secret;
  }
  const key = `${account}:${secret}`;
  for (;;) {
    const now = Math.floor(Date.now() / 30_000);
    const step = Math.max(now - 1, (lastStep.get(key) ?? -Infinity) + 1);
    if (step <= now + 1) {
      lastStep.set(key, step);
      const code = await generate({ secret, epoch: step * 30 + 15 });
      const passed = await post(API.mfa.totpVerify, { code });
      if (passed.status !== 200)
        throw new Error(`second step refused: ${JSON.stringify(passed.body)}`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, (now + 1) * 30_000 - Date.now() + 100));
  }
}

/** Signs in through `app.inject` and passes the second step: the session cookie header. */
export async function signInInjected(app: FastifyInstance, userName: string, password: string) {
  const login = await app.inject({
    method: 'POST',
    url: API.auth.login,
    payload: { userName, password },
  });
  if (login.statusCode !== 200) throw new Error(`login as ${userName} failed: ${login.body}`);
  const cookie = `${SESSION_COOKIE}=${login.cookies.find((c) => c.name === SESSION_COOKIE)!.value}`;
  await passSecondFactor(
    async (path, body) => {
      const answer = await app.inject({
        method: 'POST',
        url: path,
        headers: { cookie },
        payload: body ?? {},
      });
      return { status: answer.statusCode, body: answer.json() as unknown };
    },
    userName,
    (login.json() as { mfa: MfaNeed }).mfa,
  );
  return cookie;
}
