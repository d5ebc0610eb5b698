import type { IncomingHttpHeaders } from 'node:http';

/** What counts as this portal's own origin. */
export interface OriginRule {
  /** PUBLIC_URL's origin: what browsers show when a proxy stands in front. */
  publicOrigin: string | null;
  /** With trusted proxies, the host a proxy names in X-Forwarded-Host is ours too. */
  trustProxyHops: number;
}

export const originRule = (config: { publicUrl: string; trustProxyHops: number }): OriginRule => ({
  publicOrigin: new URL(config.publicUrl).origin,
  trustProxyHops: config.trustProxyHops,
});

/** The hosts a request was addressed to: its Host, and a trusted proxy's X-Forwarded-Host. */
function hostsOf(headers: IncomingHttpHeaders, trustProxyHops: number) {
  const hosts = [headers.host];
  const forwarded = headers['x-forwarded-host'];
  if (trustProxyHops > 0 && typeof forwarded === 'string')
    hosts.push(forwarded.split(',')[0]?.trim());
  return hosts.filter((host): host is string => Boolean(host));
}

/**
 * Host and port alone, as Go's CrossOriginProtection compares them: behind a proxy that ends TLS
 * the scheme this process sees is not the browser's. A default port may be written in one and
 * left out of the other.
 */
function sameHost(origin: URL, host: string) {
  const [name = '', port] = host.toLowerCase().split(/:(?=\d+$)/);
  const originPort = origin.port || (origin.protocol === 'https:' ? '443' : '80');
  return origin.hostname === name && (port === undefined || port === originPort);
}

/** Whether a browser's `Origin` names this portal. "null" (a sandboxed frame, a file) never does. */
export function isOwnOrigin(origin: string, headers: IncomingHttpHeaders, rule: OriginRule) {
  if (origin === rule.publicOrigin) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return hostsOf(headers, rule.trustProxyHops).some((host) => sameHost(url, host));
}

/**
 * Whether a request was made by another site's page, in the browser of someone who may be signed
 * in here (cross-site request forgery, or a WebSocket opened with their cookie). Browsers name the
 * page's origin in `Origin` on every POST and WebSocket, and where a request comes from in
 * `Sec-Fetch-Site`. A sibling subdomain is another site here, though `SameSite=Lax` lets its
 * requests carry the session cookie. A request with neither header is not a browser's (a script,
 * an API client, a test) and cannot carry a victim's cookie without it.
 */
export function isCrossSite(headers: IncomingHttpHeaders, rule: OriginRule) {
  const origin = headers.origin;
  if (origin !== undefined) return !isOwnOrigin(origin, headers, rule);
  const site = headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}
