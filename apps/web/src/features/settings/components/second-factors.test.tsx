import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SecondFactorsSection } from './second-factors';

type Call = { method: string; url: string };

/** Answers each call by its method and address, and records it. */
function server(answers: Record<string, unknown[]>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      const body = answers[`${method} ${url}`]?.shift() ?? { message: 'unexpected call' };
      return Response.json(body);
    }),
  );
  return calls;
}

const FACTORS = {
  totp: true,
  passkeys: [
    {
      _id: '3b241101-e2bb-4255-8caf-4136c566a962',
      name: 'My laptop',
      createdAt: '2026-11-01T10:00:00.000Z',
      lastUsedAt: null,
    },
  ],
  recoveryCodesLeft: 7,
  required: true,
};
const CODES = Array.from({ length: 10 }, (_, i) => `aaaa${i}-bbbb${i}`);

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <SecondFactorsSection />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('second factors in settings', () => {
  it('lists the factors and shows new recovery codes once', async () => {
    const calls = server({
      'GET /api/me/factors': [FACTORS, { ...FACTORS, recoveryCodesLeft: 10 }],
      'POST /api/me/factors/recovery-codes': [
        { ok: true, message: 'Here are your new recovery codes', recoveryCodes: CODES },
      ],
    });
    renderSection();
    expect(await screen.findByText('My laptop')).toBeTruthy();
    expect(screen.getByText('On')).toBeTruthy();
    expect(screen.getByText('Admins must keep at least one.', { exact: false })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New recovery codes' }));
    expect(await screen.findByText(CODES[0]!)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.queryByText(CODES[0]!)).toBeNull();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toContain(
      'POST /api/me/factors/recovery-codes',
    );
  });

  it('removes a passkey by its own address', async () => {
    const calls = server({
      'GET /api/me/factors': [FACTORS, { ...FACTORS, passkeys: [] }],
      [`DELETE /api/me/factors/passkeys/${FACTORS.passkeys[0]!._id}`]: [
        { ok: true, message: 'The passkey is removed.' },
      ],
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove passkey My laptop' }));
    expect(await screen.findByText('No passkeys yet.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });
});
