/**
 * The HTTP half of the API client, without the contract's schemas: what every screen's first
 * request (who is signed in, lib/session.ts) needs, so that zod and the schemas are not part of
 * the first download of a page that may not use them (the landing page for a visitor).
 */

/** A failed call, carrying the readable message the server sent (or a generic one). */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

type Send = (path: string, init: RequestInit) => Promise<Response>;

// The browser's fetch; the server's render of a signed-in page sends the same calls into the
// API in process instead, as the user whose page it draws (src/ssr.tsx).
let send: Send = (path, init) => fetch(path, init);

/** Where every call of the app goes from now on (src/ssr.tsx only). */
export function sendRequestsThrough(next: Send) {
  send = next;
}

/** Calls our API with the session cookie; answers the parsed JSON, unchecked, or throws. */
export async function requestJson(method: Method, path: string, body?: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await send(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiRequestError('Cannot reach the server. Please check your connection.', 0);
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch (error) {
    // A proxy's own error page (a 502 or 503 while the portal restarts) is HTML: the member
    // reads the generic message for the status, not a JSON parser's complaint.
    if (response.ok) throw error;
  }
  if (!response.ok) {
    // The session owes its second factor now (a factor turned on from another device, issue 30):
    // every call would be refused, so the browser goes where it can pass it.
    if (
      response.status === 403 &&
      (data as { error?: unknown } | undefined)?.error === 'mfa_required' &&
      typeof window !== 'undefined' &&
      window.location.pathname !== '/login/verify'
    )
      window.location.assign('/login/verify');
    // The error's schema is loaded with the failure, not with every page.
    const { errorMessage } = await import('./api-error-message');
    throw new ApiRequestError(errorMessage(data, response.status), response.status);
  }
  return data;
}
