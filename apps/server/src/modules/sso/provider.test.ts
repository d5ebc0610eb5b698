import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heldIssuers, providerConfiguration } from './provider';

describe('SSO discovery cache', () => {
  let server: Server;
  let base: string;
  let asked = 0;
  beforeAll(async () => {
    // Any path is an issuer: /iN/.well-known/openid-configuration describes http://…/iN.
    server = createServer((request, response) => {
      asked++;
      const issuer = `${base}${request.url!.replace('/.well-known/openid-configuration', '')}`;
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          issuer,
          authorization_endpoint: `${issuer}/auth`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const settings = (issuer: string) => ({ issuer, clientId: 'c', clientSecret: 's' });

  it('asks an issuer once, and holds a bounded number of issuers however many it is given', async () => {
    await providerConfiguration(settings(`${base}/first`), { allowHttp: true });
    await providerConfiguration(settings(`${base}/first`), { allowHttp: true });
    expect(asked).toBe(1);
    for (let n = 0; n < 250; n++)
      await providerConfiguration(settings(`${base}/i${n}`), { allowHttp: true });
    expect(heldIssuers()).toBeLessThanOrEqual(200);
    const before = asked;
    await providerConfiguration(settings(`${base}/i249`), { allowHttp: true });
    expect(asked).toBe(before);
    await providerConfiguration(settings(`${base}/i0`), { allowHttp: true });
    expect(asked).toBe(before + 1);
  });
});
