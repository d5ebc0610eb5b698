import { LRUCache } from 'lru-cache';
import * as client from 'openid-client';

/** A provider's discovery document is kept this long per issuer, per process. */
const DISCOVERY_CACHE_MS = 5 * 60_000;
const DISCOVERY_TIMEOUT_SECONDS = 10;
// One issuer per college that signs in with SSO, plus the ones an admin tries in the console.
const MAX_ISSUERS = 200;

const discovered = new LRUCache<string, { metadata: client.ServerMetadata; until: number }>({
  max: MAX_ISSUERS,
});

/** How many issuers' documents are held (the bound's test). */
export const heldIssuers = () => discovered.size;

export interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** The issuer is not one the portal may use, or it did not answer OpenID discovery. */
export class ProviderUnusable extends Error {}

/**
 * openid-client's configuration for a college's provider. Discovery is asked once per issuer in
 * a few minutes (`fresh` asks again: the console checks a provider before saving it). Plain http
 * issuers only with SSO_ALLOW_HTTP_ISSUERS (a provider on this machine, such as the tests').
 */
export async function providerConfiguration(
  settings: ProviderSettings,
  { allowHttp, fresh = false }: { allowHttp: boolean; fresh?: boolean },
) {
  let server: URL;
  try {
    server = new URL(settings.issuer);
  } catch {
    throw new ProviderUnusable('The issuer must be an https:// address.');
  }
  const insecure = server.protocol === 'http:';
  if (server.protocol !== 'https:' && !(insecure && allowHttp))
    throw new ProviderUnusable('The issuer must be an https:// address.');

  const cached = discovered.get(settings.issuer);
  let metadata = !fresh && cached && cached.until > Date.now() ? cached.metadata : null;
  if (!metadata) {
    try {
      const found = await client.discovery(server, settings.clientId, undefined, undefined, {
        execute: insecure ? [client.allowInsecureRequests] : [],
        timeout: DISCOVERY_TIMEOUT_SECONDS,
      });
      metadata = found.serverMetadata();
    } catch {
      throw new ProviderUnusable(
        `${settings.issuer} did not answer OpenID Connect discovery (/.well-known/openid-configuration).`,
      );
    }
    discovered.set(settings.issuer, { metadata, until: Date.now() + DISCOVERY_CACHE_MS });
  }

  // client_secret_basic is every provider's default (OpenID Connect Core §9); post only for one
  // that says it takes nothing else.
  const methods = metadata.token_endpoint_auth_methods_supported;
  const auth =
    methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post')
      ? client.ClientSecretPost(settings.clientSecret)
      : client.ClientSecretBasic(settings.clientSecret);
  const configuration = new client.Configuration(metadata, settings.clientId, undefined, auth);
  if (insecure) client.allowInsecureRequests(configuration);
  return configuration;
}

/**
 * Authentication methods (RFC 8176 `amr` values) that mean the provider itself checked a factor
 * beyond the password: a one-time code, a hardware or software key, a fingerprint, a face, a PIN
 * with a device, or the provider's own "mfa". A session signed in with one of them has passed
 * its second factor; with none (e.g. just "pwd"), the member's own factor is asked as usual.
 */
export const SECOND_FACTOR_AMR = ['mfa', 'otp', 'hwk', 'swk', 'fpt', 'face', 'pin'];

export const providerCheckedSecondFactor = (amr: unknown) =>
  Array.isArray(amr) && amr.some((method) => SECOND_FACTOR_AMR.includes(String(method)));
