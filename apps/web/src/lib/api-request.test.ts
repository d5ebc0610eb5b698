import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, requestJson, sendRequestsThrough } from './api-request';

const answer = (status: number, body: object) => () =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

describe('requestJson', () => {
  const realLocation = window.location;
  afterEach(() => {
    Object.defineProperty(window, 'location', { value: realLocation, configurable: true });
    sendRequestsThrough((path, init) => fetch(path, init));
  });

  it('sends a session that owes its second factor to /login/verify, and still fails the call', async () => {
    const assign = vi.fn();
    Object.defineProperty(window, 'location', {
      value: { pathname: '/feed', assign },
      configurable: true,
    });
    sendRequestsThrough(
      answer(403, {
        statusCode: 403,
        error: 'mfa_required',
        message: 'Please confirm it is you.',
      }),
    );
    await expect(requestJson('GET', '/api/posts/fetch')).rejects.toBeInstanceOf(ApiRequestError);
    expect(assign).toHaveBeenCalledWith('/login/verify');
  });

  it('leaves other refusals to the screen', async () => {
    const assign = vi.fn();
    Object.defineProperty(window, 'location', {
      value: { pathname: '/feed', assign },
      configurable: true,
    });
    sendRequestsThrough(
      answer(403, { statusCode: 403, error: 'Admins only.', message: 'Admins only.' }),
    );
    await expect(requestJson('GET', '/api/dashboard/filter-options')).rejects.toThrow(
      'Admins only.',
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it("shows the portal's own message when it is too busy to answer", async () => {
    const message = 'The portal is very busy right now. Please try again in a few seconds.';
    sendRequestsThrough(answer(503, { statusCode: 503, error: 'overloaded', message }));
    await expect(requestJson('GET', '/api/posts/fetch')).rejects.toMatchObject({
      status: 503,
      message,
    });
  });

  it("turns a proxy's error page into a readable message", async () => {
    sendRequestsThrough(() =>
      Promise.resolve(new Response('<html><h1>502 Bad Gateway</h1></html>', { status: 502 })),
    );
    await expect(requestJson('GET', '/api/posts/fetch')).rejects.toMatchObject({
      status: 502,
      message: 'The portal is not answering right now. Please try again in a few seconds.',
    });
  });
});
