import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { API } from '@alumnet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build';
import { SESSION_COOKIE } from '../auth/tokens';
import { mfaMessages } from './service';

let t: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const b64url = (bytes: Buffer) => bytes.toString('base64url');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const uint32 = (n: number) => Buffer.from([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
/** CBOR by hand, only what an attestation needs: short text, byte strings, small maps. */
const text = (s: string) => Buffer.concat([Buffer.from([0x60 + s.length]), Buffer.from(s)]);
const bytes = (b: Buffer) =>
  Buffer.concat([Buffer.from(b.length < 24 ? [0x40 + b.length] : [0x58, b.length]), b]);

/**
 * A software authenticator: an ES256 key, attestation 'none', assertions signed as a security
 * key signs them (authenticator data, then the hash of the client data).
 */
function softwareAuthenticator(origin: string) {
  const rpIdHash = sha256(new URL(origin).hostname);
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(16);
  const coseKey = Buffer.concat([
    Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21]),
    bytes(Buffer.from(jwk.x!, 'base64url')),
    Buffer.from([0x22]),
    bytes(Buffer.from(jwk.y!, 'base64url')),
  ]);
  let counter = 0;
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const id = b64url(credentialId);
  return {
    id,
    register(challenge: string) {
      const authData = Buffer.concat([
        rpIdHash,
        Buffer.from([0x45]), // user present, verified, attested credential data
        uint32(counter),
        Buffer.alloc(16),
        Buffer.from([0, credentialId.length]),
        credentialId,
        coseKey,
      ]);
      const attestationObject = Buffer.concat([
        Buffer.from([0xa3]),
        text('fmt'),
        text('none'),
        text('attStmt'),
        Buffer.from([0xa0]),
        text('authData'),
        bytes(authData),
      ]);
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', challenge)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    assert(challenge: string) {
      counter += 1;
      const authData = Buffer.concat([rpIdHash, Buffer.from([0x05]), uint32(counter)]);
      const data = clientData('webauthn.get', challenge);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), privateKey);
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(data),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
        },
        clientExtensionResults: {},
      };
    },
  };
}

async function signIn(email: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: API.auth.login,
    payload: { userName: email, password: 'alumnet-demo' },
  });
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)!;
  return { cookie: `${SESSION_COOKIE}=${cookie.value}`, mfa: response.json().mfa as string | null };
}

const post = (cookie: string, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('passkeys', () => {
  it('registers one, signs in with it (once per assertion), and removes it', async () => {
    const key = softwareAuthenticator(t.config.publicUrl);
    const first = await signIn('other@demo.alumnet.dev');
    expect(first.mfa).toBeNull();

    const options = (await post(first.cookie, API.mfa.passkeyRegisterOptions)).json();
    expect(options.rp.id).toBe(new URL(t.config.publicUrl).hostname);
    const registered = await post(first.cookie, API.mfa.passkeyRegister, {
      name: 'My laptop',
      response: key.register(options.challenge),
    });
    expect(registered.statusCode, registered.body).toBe(200);
    // The account's first factor: recovery codes come with it.
    expect(registered.json().recoveryCodes).toHaveLength(10);
    // The same challenge does not register twice.
    const again = await post(first.cookie, API.mfa.passkeyRegister, {
      name: 'Again',
      response: key.register(options.challenge),
    });
    expect(again.json().message).toBe(mfaMessages.passkeyFailed);

    const second = await signIn('other@demo.alumnet.dev');
    expect(second.mfa).toBe('verify');
    const challenge = (await post(second.cookie, API.mfa.passkeyAuthenticateOptions)).json()
      .challenge as string;
    const assertion = key.assert(challenge);
    const passed = await post(second.cookie, API.mfa.passkeyAuthenticate, { response: assertion });
    expect(passed.statusCode, passed.body).toBe(200);
    const me = await t.app.inject({ url: API.auth.me, headers: { cookie: second.cookie } });
    expect(me.json().mfa).toBeNull();

    // Replayed by another session: its challenge is not the one signed.
    const third = await signIn('other@demo.alumnet.dev');
    await post(third.cookie, API.mfa.passkeyAuthenticateOptions);
    const replay = await post(third.cookie, API.mfa.passkeyAuthenticate, { response: assertion });
    expect(replay.statusCode).toBe(400);

    const factors = await t.app.inject({ url: API.me.factors, headers: { cookie: second.cookie } });
    const [passkey] = factors.json().passkeys;
    expect(passkey).toMatchObject({ name: 'My laptop', lastUsedAt: expect.any(String) });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: API.me.passkey(passkey._id),
      headers: { cookie: second.cookie },
    });
    expect(removed.statusCode).toBe(200);
    expect((await signIn('other@demo.alumnet.dev')).mfa).toBeNull();
  });
});
