import { API, type DispatchJob } from '@alumnet/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { twilioSignature } from '../../mail/twilio-signature';
import { buildTestApp, loginAs } from '../../test/build';
import { startWorker } from '../../worker';

const SID = 'AC0123456789';
const TOKEN = 'twilio-auth-token';
const PUBLIC_URL = 'https://alumni.example.edu';

/**
 * SMS through a provider with Twilio's API, here a small HTTP server of the test's that answers
 * as Twilio does; its delivery reports come back to the webhook, signed.
 */
describe('SMS invitations through a Twilio-shaped provider', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let worker: Awaited<ReturnType<typeof startWorker>>;
  let provider: http.Server;
  const requests: { path: string; auth: string; idempotency: string; form: URLSearchParams }[] = [];

  beforeAll(async () => {
    provider = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        requests.push({
          path: req.url ?? '',
          auth: req.headers.authorization ?? '',
          idempotency: String(req.headers['i-twilio-idempotency-token'] ?? ''),
          form,
        });
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ sid: `SM${requests.length}`, status: 'queued' }));
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    t = await buildTestApp({
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_FROM: '+15005550006',
      TWILIO_API_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}`,
      PUBLIC_URL,
      JOB_POLL_SECONDS: '0.5',
    });
    worker = await startWorker({ db: t.db, config: t.config, log: t.app.log });
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
    await new Promise((resolve) => provider.close(resolve));
  });

  it('sends through the provider, then the signed status callback marks delivery', async () => {
    const admin = await loginAs(t.app, 'admin@demo.alumnet.dev');
    const chosen = await t.db
      .select({ id: users.id, phone: users.phone })
      .from(users)
      .where(
        and(
          eq(users.collegeId, admin.user.collegeId),
          eq(users.isRegistered, false),
          isNotNull(users.phone),
        ),
      )
      .limit(2);
    const post = (url: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, headers: { cookie: admin.cookie }, payload });
    const added = await post(API.dashboard.addJob, {
      method: 'sms',
      selectAll: false,
      userIds: chosen.map((c) => c.id),
    });
    expect(added.statusCode, added.body).toBe(200);
    const job = added.json().job as DispatchJob;
    expect((await post(API.dashboard.dispatch(job._id))).statusCode).toBe(200);
    for (let i = 0; i < 100 && requests.length < 2; i++)
      await new Promise((r) => setTimeout(r, 100));

    expect(requests).toHaveLength(2);
    expect(requests[0]!.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(requests[0]!.auth).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(requests.map((r) => r.form.get('To')).sort()).toEqual(
      chosen.map((c) => `+91${c.phone}`).sort(),
    );
    expect(requests[0]!.form.get('Body')).toContain(`${PUBLIC_URL}/invite/`);
    expect(requests[0]!.form.get('StatusCallback')).toBe(
      `${PUBLIC_URL}${API.webhooks.messageStatus}`,
    );
    expect(requests.map((r) => r.idempotency).sort()).toEqual(
      chosen.map((c) => `${job._id}.${c.id}.sms`).sort(),
    );

    const statusOf = async (phone: string) =>
      (await t.db.select({ s: users.smsStatus }).from(users).where(eq(users.phone, phone)))[0]!.s;
    const first = requests[0]!;
    const phone = first.form.get('To')!.replace('+91', '');
    for (let i = 0; i < 50 && (await statusOf(phone)) === 'not_sent'; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(await statusOf(phone)).toBe('pending');

    const callback = (params: Record<string, string>, signature: string) =>
      t.app.inject({
        method: 'POST',
        url: API.webhooks.messageStatus,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': signature,
        },
        payload: new URLSearchParams(params).toString(),
      });
    const sid = requests.indexOf(first) + 1;
    const report = { MessageSid: `SM${sid}`, MessageStatus: 'delivered', AccountSid: SID };
    const forged = await callback(
      report,
      twilioSignature('not-the-token', `${PUBLIC_URL}${API.webhooks.messageStatus}`, report),
    );
    expect(forged.statusCode).toBe(403);
    expect(await statusOf(phone)).toBe('pending');

    const signed = await callback(
      report,
      twilioSignature(TOKEN, `${PUBLIC_URL}${API.webhooks.messageStatus}`, report),
    );
    expect(signed.statusCode, signed.body).toBe(200);
    expect(await statusOf(phone)).toBe('delivered');
  });
});
