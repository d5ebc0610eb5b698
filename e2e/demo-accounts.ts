import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';

// The demo accounts the tests sign in with (apps/server/src/db/seed/demo.ts, README).
export const DEMO_PASSWORD = 'alumnet-demo';
export const DEMO_ADMINS = [
  'super@demo.alumnet.dev',
  'admin@demo.alumnet.dev',
  'admin2@demo.alumnet.dev',
];

/** The demo admins' authenticator secret. */
export const DEMO_TOTP_SECRET = 'ALUMNETDEMOTOTPSECRETKEY234567AB';

/**
 * A code of a time step this account has not used yet on the server at `port`: the server
 * refuses a step used twice. It accepts the step before and after the current one, so three
 * sign-ins fit in 30 seconds; a fourth waits for the next step. The steps used are kept in a
 * file, as the global setup and every test file run in module contexts of their own.
 */
export async function freshTotpCode(port: string, userName: string, secret = DEMO_TOTP_SECRET) {
  const file = path.join(tmpdir(), `alumnet-e2e-totp-${port}.json`);
  const used = (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}) as Record<
    string,
    number
  >;
  const key = `${userName.toLowerCase()}:${secret}`;
  for (;;) {
    // A few seconds' margin either side: typing the code and the call take a moment.
    const now = Date.now() / 1000;
    const lowest = Math.floor((now + 5) / 30) - 1;
    const highest = Math.floor((now - 5) / 30) + 1;
    const step = Math.max(lowest, (used[key] ?? -Infinity) + 1);
    if (step <= highest) {
      used[key] = step;
      writeFileSync(file, JSON.stringify(used));
      return generate({ secret, epoch: step * 30 });
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
