import { createPublicKey, verify, X509Certificate, type KeyObject } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/**
 * Amazon SNS's HTTP messages, checked as AWS documents it ("Verifying the signatures of Amazon
 * SNS messages"): the signature over the canonical string of the message's fields, with the key
 * of the certificate at SigningCertURL, which must be AWS's own (https, sns.<region>.amazonaws.com).
 * Written here rather than taken from a package: it is short, and the certificate fetch must be
 * replaceable in tests.
 */
export interface SnsMessage {
  Type: 'Notification' | 'SubscriptionConfirmation' | 'UnsubscribeConfirmation';
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: string;
  Signature: string;
  SigningCertURL: string;
  Subject?: string;
  SubscribeURL?: string;
  Token?: string;
}

const SNS_HOST = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/;

/** Whether the address is AWS SNS's own, over https (certificates, subscription confirmations). */
export function isSnsUrl(value: string) {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && SNS_HOST.test(url.hostname) && !url.port && !url.username;
  } catch {
    return false;
  }
}

/** The message, if the body has the shape of one; null otherwise. */
export function parseSnsMessage(body: unknown): SnsMessage | null {
  if (typeof body !== 'object' || body === null) return null;
  const m = body as Record<string, unknown>;
  const text = (key: string) => typeof m[key] === 'string';
  if (
    !['Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation'].includes(
      m.Type as string,
    ) ||
    !['MessageId', 'TopicArn', 'Message', 'Timestamp', 'SignatureVersion', 'Signature'].every(
      text,
    ) ||
    !text('SigningCertURL')
  )
    return null;
  return m as unknown as SnsMessage;
}

/** The string SNS signs: the fields it names, in this order, each as "Name\nvalue\n". */
export function snsStringToSign(m: SnsMessage) {
  const fields =
    m.Type === 'Notification'
      ? (['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'] as const)
      : ([
          'Message',
          'MessageId',
          'SubscribeURL',
          'Timestamp',
          'Token',
          'TopicArn',
          'Type',
        ] as const);
  return fields
    .filter((f) => typeof m[f] === 'string')
    .map((f) => `${f}\n${m[f]}\n`)
    .join('');
}

/** Fetches a PEM certificate (or, in tests, a public key) by its address. */
export type FetchCertificate = (url: string) => Promise<string>;

const fetchPem: FetchCertificate = async (url) => {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'error' });
  if (!response.ok) throw new Error(`SNS certificate ${url} answered ${response.status}`);
  return response.text();
};

const keyOf = (pem: string): KeyObject =>
  pem.includes('BEGIN CERTIFICATE') ? new X509Certificate(pem).publicKey : createPublicKey(pem);

/**
 * Certificates kept per verifier. AWS uses one or two at a time, but the address comes from the
 * message, before its signature is checked: anyone can send new spellings of it (a query string
 * AWS ignores), and each would otherwise stay for the life of the process.
 */
const MAX_CERTIFICATES = 50;

/**
 * A verifier with its own certificate cache: AWS rotates certificates under new addresses, so an
 * address's key never changes; a failed fetch is forgotten so the next message tries again.
 */
export function createSnsVerifier(fetchCertificate: FetchCertificate = fetchPem) {
  const keys = new LRUCache<string, Promise<KeyObject>>({ max: MAX_CERTIFICATES });
  const key = (url: string) => {
    let found = keys.get(url);
    if (!found) {
      const fetched = fetchCertificate(url).then(keyOf);
      fetched.catch(() => {
        if (keys.peek(url) === fetched) keys.delete(url);
      });
      keys.set(url, (found = fetched));
    }
    return found;
  };
  return {
    /** How many certificates are held (the bound's test). */
    get held() {
      return keys.size;
    },
    /** True only for a message SNS signed (version 1: SHA1withRSA, 2: SHA256withRSA). */
    async verify(m: SnsMessage): Promise<boolean> {
      const algorithm =
        m.SignatureVersion === '1' ? 'RSA-SHA1' : m.SignatureVersion === '2' ? 'RSA-SHA256' : null;
      if (!algorithm || !isSnsUrl(m.SigningCertURL)) return false;
      try {
        return verify(
          algorithm,
          Buffer.from(snsStringToSign(m), 'utf8'),
          await key(m.SigningCertURL),
          Buffer.from(m.Signature, 'base64'),
        );
      } catch {
        return false;
      }
    },
    /** Seeds the cache (tests sign with a key of their own under an AWS-looking address). */
    trust(url: string, pem: string) {
      keys.set(url, Promise.resolve(keyOf(pem)));
    },
  };
}
export type SnsVerifier = ReturnType<typeof createSnsVerifier>;

/** What an SES notification (Message of an SNS Notification) says, reduced to what we keep. */
export function sesEvents(message: string) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    return [];
  }
  if (typeof parsed !== 'object' || parsed === null) return [];
  const m = parsed as {
    notificationType?: string;
    eventType?: string;
    bounce?: { bounceType?: string; bounceSubType?: string; bouncedRecipients?: Recipient[] };
    complaint?: { complaintFeedbackType?: string; complainedRecipients?: Recipient[] };
  };
  // SES sends notificationType through identity notifications, eventType through event publishing.
  const type = m.notificationType ?? m.eventType;
  const addresses = (list: Recipient[] | undefined) =>
    (Array.isArray(list) ? list : [])
      .map((r) => (typeof r?.emailAddress === 'string' ? addressOf(r.emailAddress) : null))
      .filter((a): a is string => a !== null);
  if (type === 'Bounce' && m.bounce?.bounceType === 'Permanent')
    return addresses(m.bounce.bouncedRecipients).map((email) => ({
      email,
      reason: 'bounce' as const,
      detail: `Permanent${m.bounce?.bounceSubType ? ` (${m.bounce.bounceSubType})` : ''}`,
    }));
  if (type === 'Complaint')
    return addresses(m.complaint?.complainedRecipients).map((email) => ({
      email,
      reason: 'complaint' as const,
      detail: m.complaint?.complaintFeedbackType ?? null,
    }));
  return [];
}
interface Recipient {
  emailAddress?: unknown;
}

/** "Name <a@b.c>" or "a@b.c" → "a@b.c"; null for anything that is not an address. */
function addressOf(value: string) {
  const inner = /<([^<>\s]+@[^<>\s]+)>/.exec(value)?.[1] ?? value.trim();
  return /^[^\s@]+@[^\s@]+$/.test(inner) ? inner.toLowerCase() : null;
}

/** The process's verifier: its cache lives as long as the process. */
export const snsVerifier = createSnsVerifier();
