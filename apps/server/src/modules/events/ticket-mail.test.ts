import { API } from '@alumnet/contract';
import { and, eq, ne, notInArray } from 'drizzle-orm';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailSuppressions, eventRsvps, users } from '../../db/schema';
import { buildTestApp, loginAs } from '../../test/build';
import { eventBodyOf } from '../../test/events';
import { startSmtpSink, type ReceivedMail } from '../../test/smtp-sink';
import { startWorker } from '../../worker';

const PUBLIC_URL = 'https://alumni.example.edu';

/** One part of a received message (text/plain or text/html), its transfer encoding undone. */
function part(mail: ReceivedMail, type: 'text/plain' | 'text/html') {
  const at = mail.data.search(new RegExp(`Content-Type: ${type}`, 'i'));
  if (at < 0) throw new Error(`no ${type} part`);
  const rest = mail.data.slice(at);
  const headerEnd = rest.search(/\r?\n\r?\n/);
  const headers = rest.slice(0, headerEnd);
  const body = rest
    .slice(headerEnd)
    .replace(/^\s+/, '')
    .split(/\r?\n--/)[0]!;
  if (/Content-Transfer-Encoding: base64/i.test(headers))
    return Buffer.from(body, 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers))
    return Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  return body;
}
const subjectOf = (mail: ReceivedMail) => /^Subject: (.*)$/im.exec(mail.data)?.[1]?.trim();

describe('the ticket e-mail of a Going RSVP (issue 28)', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let worker: Awaited<ReturnType<typeof startWorker>>;
  let admin: string;
  const people: { id: string; email: string; cookie: string }[] = [];

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await buildTestApp({ SMTP_URL: smtp.url, PUBLIC_URL, MAIL_FROM: 'events@example.edu' });
    // The RSVP queues the e-mail; the worker sends it, as in `npm start`.
    worker = await startWorker({
      db: t.db,
      config: { ...t.config, jobs: { ...t.config.jobs, pollSeconds: 0.5 } },
      log: t.app.log,
    });
    const signedIn = await loginAs(t.app, 'admin@demo.alumnet.dev');
    admin = signedIn.cookie;
    const named = ['member@demo.alumnet.dev', 'member2@demo.alumnet.dev'];
    const [third] = await t.db
      .select({ email: users.email })
      .from(users)
      .where(
        and(
          eq(users.collegeId, signedIn.user.collegeId),
          eq(users.userType, 'u'),
          eq(users.isApproved, true),
          eq(users.isRejected, false),
          ne(users.isSuperAdmin, true),
          notInArray(users.email, named),
        ),
      )
      .limit(1);
    for (const email of [...named, third!.email]) {
      const session = await loginAs(t.app, email);
      people.push({ id: session.user._id, email, cookie: session.cookie });
    }
  }, 120_000);
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
    await smtp?.close();
  });

  const call = async (cookie: string, url: string, payload: object) => {
    const response = await t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const rsvp = async (who: number, eventId: string, guests = 0) =>
    (await call(people[who]!.cookie, API.events.rsvp(eventId), { status: 'going', guests })).rsvp;
  const mailsTo = (who: number) => smtp.received.filter((m) => m.to === people[who]!.email);
  /** Waits until `who` has `count` e-mails, then a moment more so that an extra one would show. */
  async function expectMails(who: number, count: number) {
    const until = Date.now() + 10_000;
    while (mailsTo(who).length < count && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 25));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(who)).toHaveLength(count);
    return mailsTo(who);
  }
  const ticketOf = async (who: number, eventId: string) => {
    const [row] = await t.db
      .select({ ticket: eventRsvps.ticket })
      .from(eventRsvps)
      .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.userId, people[who]!.id)));
    return row?.ticket ?? null;
  };

  it('sends one e-mail with the QR code as a table, the time, place, code and link', async () => {
    const { event } = await call(
      admin,
      API.events.list,
      eventBodyOf({ title: 'Reunion <2026>', venue: 'Main hall', address: '1 College Road' }),
    );
    expect((await rsvp(0, event.id)).status).toBe('going');
    const [mail] = await expectMails(0, 1);
    const ticket = (await ticketOf(0, event.id))!;
    expect(ticket).toBeTruthy();
    const link = `${PUBLIC_URL}/events/${event.id}`;

    expect(subjectOf(mail!)).toBe('Your ticket: Reunion <2026>');
    const text = part(mail!, 'text/plain');
    expect(text).toContain(ticket);
    expect(text).toContain(link);
    expect(text).toContain('Where: Main hall, 1 College Road');
    expect(text).toMatch(/When: \d{1,2} \w{3} \d{4}, \d\d:\d\d \(Asia\/Kolkata\)/);

    const html = part(mail!, 'text/html');
    expect(html).toContain('Reunion &lt;2026&gt;');
    expect(html).not.toContain('<img');
    const { size, data } = QRCode.create(ticket, { errorCorrectionLevel: 'M' }).modules;
    const qr = /<table role="img"[^>]*>(.*?)<\/table>/s.exec(html)?.[1];
    expect(qr).toBeDefined();
    const rows = [...qr!.matchAll(/<tr>(.*?)<\/tr>/gs)].map((r) =>
      [...r[1]!.matchAll(/<td [^>]*background:(#[0-9a-f]{3})/g)].map((c) => c[1]),
    );
    expect(rows).toHaveLength(size);
    for (const row of rows) expect(row).toHaveLength(size);
    // The cells are the code's own modules, dark where it is dark.
    expect(rows.flat()).toEqual([...data].map((dark) => (dark ? '#000' : '#fff')));
  });

  it('sends nothing to the waitlisted until promoted, and nothing more on a guests change', async () => {
    const { event } = await call(
      admin,
      API.events.list,
      eventBodyOf({ title: 'Full meet-up', capacity: 2, allowGuests: true }),
    );
    const before = [mailsTo(0).length, mailsTo(1).length];
    expect((await rsvp(0, event.id)).status).toBe('going');
    // Going again with a guest: the same ticket, no second e-mail.
    expect((await rsvp(0, event.id, 1)).status).toBe('going');
    expect((await rsvp(1, event.id)).status).toBe('waitlisted');
    await expectMails(0, before[0]! + 1);
    await expectMails(1, before[1]!);

    // The guest is dropped: the seat goes to the waitlist, whose member gets the ticket.
    expect((await rsvp(0, event.id, 0)).status).toBe('going');
    const promoted = (await expectMails(1, before[1]! + 1)).at(-1)!;
    expect(subjectOf(promoted)).toBe('Your ticket: Full meet-up');
    expect(part(promoted, 'text/plain')).toContain((await ticketOf(1, event.id))!);
    await expectMails(0, before[0]! + 1);
  });

  it('sends nothing to an address on the suppression list', async () => {
    await t.db
      .insert(emailSuppressions)
      .values({ email: people[2]!.email, reason: 'bounce', source: 'test', detail: null });
    const { event } = await call(admin, API.events.list, eventBodyOf({ title: 'Webinar' }));
    const before = mailsTo(1).length;
    expect((await rsvp(2, event.id)).status).toBe('going');
    // Someone else going right after hears, so the e-mails did go out.
    expect((await rsvp(1, event.id)).status).toBe('going');
    await expectMails(1, before + 1);
    await expectMails(2, 0);
  });
});
