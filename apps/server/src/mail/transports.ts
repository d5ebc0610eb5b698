import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Executor } from '../db/client';
import { outbox } from '../db/schema';

export type Channel = 'email' | 'sms' | 'whatsapp';

export interface OutgoingMessage {
  channel: Channel;
  /** An e-mail address, or a phone number in E.164 (+919100000000). */
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  /** The same for every attempt at this message: providers (and the outbox) take it once. */
  idempotencyKey: string;
  /** Whose outbox it lands in when no provider is configured. */
  collegeId: string | null;
  /** Extra e-mail headers (List-Unsubscribe and its one-click partner); the outbox keeps them. */
  headers?: Record<string, string>;
}

/** pending: the provider took it and reports later (status callback); bounce/undelivered: refused. */
export type SendStatus = 'delivered' | 'pending' | 'bounce' | 'undelivered';
export interface SendResult {
  status: SendStatus;
  providerMessageId: string | null;
}

export interface Transport {
  readonly name: 'outbox' | 'smtp' | 'twilio';
  /**
   * True for the outbox: the send is a row in the caller's transaction, so it commits together
   * with the recipient's "done" mark and a crash can neither lose nor repeat it.
   */
  readonly inDatabase: boolean;
  /**
   * How many sends may usefully run at once (an SMTP pool's connections); a sender of many
   * messages keeps this many in flight instead of waiting for each. Unset: one at a time.
   */
  readonly concurrency?: number;
  send(message: OutgoingMessage, executor: Executor): Promise<SendResult>;
  /** Many messages at once, where the transport can do better than one by one. */
  sendMany?(messages: OutgoingMessage[], executor: Executor): Promise<SendResult[]>;
  close(): Promise<void>;
}

const outboxRow = (message: OutgoingMessage) => ({
  channel: message.channel,
  recipient: message.to,
  subject: message.subject,
  body: message.text,
  html: message.html,
  idempotencyKey: message.idempotencyKey,
  collegeId: message.collegeId,
  headers: message.headers ?? null,
});
const outboxResult = (message: OutgoingMessage): SendResult => ({
  status: 'delivered',
  providerMessageId: `outbox:${message.idempotencyKey}`,
});

const outboxTransport: Transport = {
  name: 'outbox',
  inDatabase: true,
  async send(message, executor) {
    return (await this.sendMany!([message], executor))[0]!;
  },
  // One INSERT for a chunk's messages; a key already there (a retried chunk) is skipped.
  async sendMany(messages, executor) {
    if (messages.length > 0)
      await executor
        .insert(outbox)
        .values(messages.map(outboxRow))
        .onConflictDoNothing({ target: outbox.idempotencyKey });
    return messages.map(outboxResult);
  },
  close: async () => {},
};

/** SMTP through nodemailer; the idempotency key is the Message-ID, which receivers dedupe on. */
function smtpTransport(url: string, from: string): Transport {
  // A pool keeps connections open across a job's messages; the URL may set its own options.
  const pooled = new URL(url);
  if (!pooled.searchParams.has('pool')) pooled.searchParams.set('pool', 'true');
  // nodemailer's default, stated so that senders know how many messages to keep in flight.
  if (!pooled.searchParams.has('maxConnections')) pooled.searchParams.set('maxConnections', '5');
  const concurrency = Math.max(1, Number(pooled.searchParams.get('maxConnections')) || 5);
  const transporter = nodemailer.createTransport(pooled.toString());
  return {
    name: 'smtp',
    inDatabase: false,
    concurrency,
    async send(message) {
      const messageId = `<${message.idempotencyKey}@alumnet>`;
      try {
        await transporter.sendMail({
          from,
          to: message.to,
          subject: message.subject ?? '',
          text: message.text,
          html: message.html ?? undefined,
          messageId,
          headers: { ...message.headers, 'X-Idempotency-Key': message.idempotencyKey },
        });
        return { status: 'delivered', providerMessageId: messageId };
      } catch (error) {
        // A permanent refusal of the recipient (5xx) is a bounce; anything else is retried.
        const code = (error as { responseCode?: number }).responseCode ?? 0;
        if (code >= 500 && code < 600) return { status: 'bounce', providerMessageId: messageId };
        throw error;
      }
    },
    close: async () => transporter.close(),
  };
}

type TwilioConfig = NonNullable<Config['twilio']>;

/**
 * Twilio's Messages API (and services that copy it). The status callback reports delivery later;
 * the idempotency token makes a retried request return the first message instead of a second.
 */
function twilioTransport(twilio: TwilioConfig, statusCallback: string): Transport {
  const auth = `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    inDatabase: false,
    async send(message) {
      const whatsapp = message.channel === 'whatsapp';
      const form = new URLSearchParams({
        To: whatsapp ? `whatsapp:${message.to}` : message.to,
        From: whatsapp ? `whatsapp:${twilio.whatsappFrom}` : twilio.from,
        Body: message.text,
        StatusCallback: statusCallback,
      });
      const response = await fetch(
        `${twilio.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(twilio.accountSid)}/Messages.json`,
        {
          method: 'POST',
          headers: {
            Authorization: auth,
            'Content-Type': 'application/x-www-form-urlencoded',
            'I-Twilio-Idempotency-Token': message.idempotencyKey,
          },
          body: form,
          signal: AbortSignal.timeout(15_000),
        },
      );
      const answer = (await response.json().catch(() => ({}))) as {
        sid?: string;
        message?: string;
      };
      // 400: the provider refuses this number for good (invalid, unreachable); retrying won't help.
      if (response.status === 400) return { status: 'undelivered', providerMessageId: null };
      if (!response.ok || !answer.sid)
        throw new Error(`Message provider answered ${response.status}: ${answer.message ?? ''}`);
      return { status: 'pending', providerMessageId: answer.sid };
    },
    close: async () => {},
  };
}

export type Transports = Record<Channel, Transport>;

/** What each channel goes through: a provider when configured, otherwise the outbox. */
export function createTransports(config: Config): Transports {
  const email = config.mail.smtpUrl
    ? smtpTransport(config.mail.smtpUrl, config.mail.from)
    : outboxTransport;
  const phone = config.twilio
    ? twilioTransport(config.twilio, `${config.publicUrl}/api/webhooks/messages/status`)
    : outboxTransport;
  return { email, sms: phone, whatsapp: phone };
}

export const closeTransports = async (transports: Transports) => {
  await Promise.all([...new Set(Object.values(transports))].map((t) => t.close()));
};
