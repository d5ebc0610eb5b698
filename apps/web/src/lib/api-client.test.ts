import { okSchema } from '@alumnet/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiRequestError } from './api-client';

const answer = (status: number, body: unknown) =>
  vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status }));

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('returns the parsed answer', async () => {
    vi.stubGlobal('fetch', answer(200, { ok: true, message: 'Saved' }));
    await expect(api.post('/api/x', okSchema, { a: 1 })).resolves.toEqual({
      ok: true,
      message: 'Saved',
    });
  });

  it("throws the server's readable message on a 4xx", async () => {
    vi.stubGlobal(
      'fetch',
      answer(409, {
        statusCode: 409,
        error: 'Taken',
        message: 'An account with this email already exists.',
      }),
    );
    const failure = api.post('/api/x', okSchema, {});
    await expect(failure).rejects.toBeInstanceOf(ApiRequestError);
    await expect(failure).rejects.toMatchObject({
      status: 409,
      message: 'An account with this email already exists.',
    });
  });

  it('says the server cannot be reached when the network fails', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('/api/x', okSchema)).rejects.toMatchObject({
      status: 0,
      message: 'Cannot reach the server. Please check your connection.',
    });
  });

  it('refuses an answer that does not match the contract', async () => {
    vi.stubGlobal('fetch', answer(200, { ok: 'yes' }));
    await expect(api.get('/api/x', okSchema)).rejects.toThrow();
  });
});
