import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSnsVerifier, snsStringToSign, type SnsMessage } from './sns';

describe('SNS verifier', () => {
  it('holds a bounded number of certificates however many addresses messages name', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const fetched: string[] = [];
    const verifier = createSnsVerifier(async (url) => {
      fetched.push(url);
      return pem;
    });
    const signed = (n: number): SnsMessage => {
      const message: SnsMessage = {
        Type: 'Notification',
        MessageId: `m${n}`,
        TopicArn: 'arn:aws:sns:eu-west-1:123456789012:ses-events',
        Message: '{}',
        Timestamp: new Date(0).toISOString(),
        SignatureVersion: '2',
        SigningCertURL: `https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-a.pem?n=${n}`,
        Signature: '',
      };
      message.Signature = sign(
        'RSA-SHA256',
        Buffer.from(snsStringToSign(message)),
        privateKey,
      ).toString('base64');
      return message;
    };
    for (let n = 0; n < 200; n++) expect(await verifier.verify(signed(n))).toBe(true);
    expect(fetched).toHaveLength(200);
    expect(verifier.held).toBeLessThanOrEqual(50);
    // A recent address is still held; an early one, pushed out, is fetched again and still works.
    expect(await verifier.verify(signed(199))).toBe(true);
    expect(fetched).toHaveLength(200);
    expect(await verifier.verify(signed(0))).toBe(true);
    expect(fetched).toHaveLength(201);
  });

  it('forgets a failed fetch so the next message tries again', async () => {
    let calls = 0;
    const verifier = createSnsVerifier(async () => {
      calls++;
      throw new Error('unreachable');
    });
    const message = {
      Type: 'Notification',
      MessageId: 'm',
      TopicArn: 't',
      Message: '{}',
      Timestamp: new Date(0).toISOString(),
      SignatureVersion: '2',
      SigningCertURL: 'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-a.pem',
      Signature: 'AA==',
    } satisfies SnsMessage;
    expect(await verifier.verify(message)).toBe(false);
    expect(await verifier.verify(message)).toBe(false);
    expect(calls).toBe(2);
    expect(verifier.held).toBe(0);
  });
});
