import { API, type Suppression } from '@alumnet/contract';
import { eq } from 'drizzle-orm';
import { createHmac, generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailSuppressions, outbox, users } from '../../db/schema';
import { buildTestApp, loginAs } from '../../test/build';
import { startWorker } from '../../worker';
import { runEmailJob } from '../dispatch/test-support';
import { snsStringToSign, snsVerifier, type SnsMessage } from './sns';

const SECRET = 'a-webhook-secret-of-the-test';
const TOPIC = 'arn:aws:sns:eu-west-1:123456789012:ses-events';
const CERT_URL = 'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-test.pem';

describe('suppression list (issue 26)', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  // AWS's key stays with AWS: the test signs with its own, trusted under an AWS-shaped address.
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  beforeAll(async () => {
    t = await buildTestApp({
      EMAIL_WEBHOOK_SECRET: SECRET,
      SES_SNS_TOPIC_ARNS: TOPIC,
      JOB_POLL_SECONDS: '0.5',
    });
    snsVerifier.trust(CERT_URL, publicKey.export({ type: 'spki', format: 'pem' }).toString());
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t.close();
  });

  const snsMessage = (fields: Partial<SnsMessage> & Pick<SnsMessage, 'Type' | 'Message'>) => {
    const message: SnsMessage = {
      MessageId: crypto.randomUUID(),
      TopicArn: TOPIC,
      Timestamp: new Date().toISOString(),
      SignatureVersion: '2',
      SigningCertURL: CERT_URL,
      Signature: '',
      ...fields,
    };
    const algorithm = message.SignatureVersion === '1' ? 'RSA-SHA1' : 'RSA-SHA256';
    message.Signature = sign(algorithm, Buffer.from(snsStringToSign(message)), privateKey).toString(
      'base64',
    );
    return message;
  };
  const sesBounce = (email: string, bounceType = 'Permanent') =>
    JSON.stringify({
      notificationType: 'Bounce',
      bounce: {
        bounceType,
        bounceSubType: 'General',
        bouncedRecipients: [{ emailAddress: email, status: '5.1.1' }],
      },
      mail: { destination: [email] },
    });
  const postSns = (message: SnsMessage) =>
    t.app.inject({
      method: 'POST',
      url: API.webhooks.emailEvents,
      // As SNS sends it: JSON in a text/plain body.
      headers: {
        'content-type': 'text/plain; charset=UTF-8',
        'x-amz-sns-message-type': message.Type,
      },
      payload: JSON.stringify(message),
    });
  const postSigned = (body: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: API.webhooks.emailEvents,
      headers: {
        'content-type': 'application/json',
        'x-alumnet-signature':
          signature ?? `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`,
      },
      payload: body,
    });
  const listed = async (email: string) =>
    (await t.db.select().from(emailSuppressions).where(eq(emailSuppressions.email, email)))[0];

  it('records a permanent SES bounce and a complaint, signed by SNS (versions 1 and 2)', async () => {
    const bounce = await postSns(
      snsMessage({ Type: 'Notification', Message: sesBounce('Member@Demo.Alumnet.dev') }),
    );
    expect(bounce.statusCode, bounce.body).toBe(200);
    expect(await listed('member@demo.alumnet.dev')).toMatchObject({
      reason: 'bounce',
      source: 'ses',
    });

    const complaint = await postSns(
      snsMessage({
        Type: 'Notification',
        SignatureVersion: '1',
        Subject: 'Amazon SES Email Event Notification',
        Message: JSON.stringify({
          notificationType: 'Complaint',
          complaint: {
            complaintFeedbackType: 'abuse',
            complainedRecipients: [{ emailAddress: 'stranger@nowhere.example' }],
          },
        }),
      }),
    );
    expect(complaint.statusCode, complaint.body).toBe(200);
    // Nobody of ours has this address: it is recorded anyway, suppression is by address.
    expect(await listed('stranger@nowhere.example')).toMatchObject({
      reason: 'complaint',
      detail: 'abuse',
    });

    const soft = await postSns(
      snsMessage({ Type: 'Notification', Message: sesBounce('soft@nowhere.example', 'Transient') }),
    );
    expect(soft.statusCode).toBe(200);
    expect(await listed('soft@nowhere.example')).toBeUndefined();
  });

  it('refuses a message whose signature, certificate address or topic is wrong', async () => {
    const good = snsMessage({ Type: 'Notification', Message: sesBounce('forged@nowhere.example') });
    const tampered = { ...good, Message: sesBounce('victim@nowhere.example') };
    expect((await postSns(tampered)).statusCode).toBe(403);
    const foreignCert = snsMessage({
      Type: 'Notification',
      Message: sesBounce('victim@nowhere.example'),
      SigningCertURL: 'https://sns.eu-west-1.amazonaws.com.evil.example/cert.pem',
    });
    expect((await postSns(foreignCert)).statusCode).toBe(403);
    const otherTopic = snsMessage({
      Type: 'Notification',
      Message: sesBounce('victim@nowhere.example'),
      TopicArn: 'arn:aws:sns:eu-west-1:999999999999:not-ours',
    });
    expect((await postSns(otherTopic)).statusCode).toBe(403);
    expect(await listed('victim@nowhere.example')).toBeUndefined();
  });

  it('confirms an SNS subscription by following an AWS link only', async () => {
    const fetched: string[] = [];
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      fetched.push(String(input));
      return new Response('<ConfirmSubscriptionResponse/>', { status: 200 });
    });
    const subscribe = 'https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription&Token=abc';
    const ok = await postSns(
      snsMessage({
        Type: 'SubscriptionConfirmation',
        Message: 'You have chosen to subscribe…',
        SubscribeURL: subscribe,
        Token: 'abc',
      }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const elsewhere = await postSns(
      snsMessage({
        Type: 'SubscriptionConfirmation',
        Message: 'You have chosen to subscribe…',
        SubscribeURL: 'https://attacker.example/hook',
        Token: 'abc',
      }),
    );
    expect(elsewhere.statusCode).toBe(400);
    expect(fetched).toEqual([subscribe]);
    fetchSpy.mockRestore();
  });

  it('takes the signed JSON form, and refuses a wrong signature', async () => {
    const body = JSON.stringify({
      events: [{ type: 'bounce', email: 'Signed@Nowhere.example', detail: '550 no such user' }],
    });
    const bad = await postSigned(body, `sha256=${'0'.repeat(64)}`);
    expect(bad.statusCode).toBe(403);
    expect(await listed('signed@nowhere.example')).toBeUndefined();
    const ok = await postSigned(body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await listed('signed@nowhere.example')).toMatchObject({
      reason: 'bounce',
      source: 'signed-json',
    });
    const invalid = await postSigned(JSON.stringify({ events: [{ type: 'bounce', email: 'x' }] }));
    expect(invalid.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: API.webhooks.emailEvents,
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(400);
  });

  it('shows admins the entries of their own college and lets them lift them', async () => {
    // other@ is a member of the second college; member@ (listed above) of the demo college.
    await postSigned(
      JSON.stringify({ events: [{ type: 'complaint', email: 'other@demo.alumnet.dev' }] }),
    );
    const admin = await loginAs(t.app, 'admin@demo.alumnet.dev');
    const admin2 = await loginAs(t.app, 'admin2@demo.alumnet.dev');
    const superAdmin = await loginAs(t.app, 'super@demo.alumnet.dev');
    const list = async (cookie: string, query = '') => {
      const response = await t.app.inject({
        url: `${API.suppressions.list}${query}`,
        headers: { cookie },
      });
      return response;
    };
    const emails = async (cookie: string, query = '') =>
      ((await list(cookie, query)).json().suppressions as Suppression[]).map((s) => s.email).sort();

    expect(await emails(admin.cookie)).toEqual(['member@demo.alumnet.dev']);
    expect(await emails(admin2.cookie)).toEqual(['other@demo.alumnet.dev']);
    expect(await emails(superAdmin.cookie)).toEqual(
      expect.arrayContaining([
        'member@demo.alumnet.dev',
        'other@demo.alumnet.dev',
        'stranger@nowhere.example',
      ]),
    );
    expect(await emails(superAdmin.cookie, `?collegeId=${admin.user.collegeId}`)).toEqual([
      'member@demo.alumnet.dev',
    ]);
    expect((await list(admin.cookie, `?collegeId=${admin2.user.collegeId}`)).statusCode).toBe(403);
    const member = await loginAs(t.app, 'member2@demo.alumnet.dev');
    expect((await list(member.cookie)).statusCode).toBe(403);

    const lift = (cookie: string, email: string) =>
      t.app.inject({
        method: 'POST',
        url: API.suppressions.lift,
        headers: { cookie },
        payload: { email },
      });
    // Another college's entry is out of reach: not found, and still listed.
    expect((await lift(admin.cookie, 'other@demo.alumnet.dev')).statusCode).toBe(404);
    expect(await listed('other@demo.alumnet.dev')).toBeDefined();
    const lifted = await lift(admin2.cookie, 'Other@demo.alumnet.dev');
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(await listed('other@demo.alumnet.dev')).toBeUndefined();
  });

  it('a dispatch job does not e-mail a suppressed address; its CSV says "suppressed"', async () => {
    const admin = await loginAs(t.app, 'admin@demo.alumnet.dev');
    await t.db.insert(users).values(
      [0, 1, 2].map((i) => ({
        collegeId: admin.user.collegeId,
        firstName: 'Bouncetest',
        lastName: `Alumnus${i}`,
        fullName: `Bouncetest Alumnus${i}`,
        username: `bouncetest.${i}`,
        email: `bouncetest.${i}@example.com`,
      })),
    );
    await postSigned(
      JSON.stringify({ events: [{ type: 'bounce', email: 'bouncetest.1@example.com' }] }),
    );
    const worker = await startWorker({ db: t.db, config: t.config, log: t.app.log });
    try {
      const lines = await runEmailJob(t.app, admin, 'bouncetest alumnus', 3);
      const sent = await t.db.select({ to: outbox.recipient }).from(outbox);
      const to = sent.map((m) => m.to);
      expect(to).toContain('bouncetest.0@example.com');
      expect(to).toContain('bouncetest.2@example.com');
      expect(to).not.toContain('bouncetest.1@example.com');
      const row = lines.find((line) => line.includes('bouncetest.1@example.com'));
      expect(row).toContain(',suppressed,');
    } finally {
      await worker.stop();
    }
  });
});
