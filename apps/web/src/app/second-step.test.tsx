import { MFA_BAD_CODE_MESSAGE } from '@alumnet/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requireUser } from './guards';
import { paths } from '../config/paths';
import { MEMBER } from '../testing/member';
import { LoginPage } from '../features/auth/components/login-page';
import { LoginVerifyPage } from '../features/auth/components/login-verify-page';

const ADMIN = { ...MEMBER, userType: 'a' as const, email: 'admin@demo.alumnet.dev' };

type Call = { method: string; url: string; body: unknown };

/** Answers calls in order from `answers` ([status, body] per call) and records them. */
function server(answers: [number, unknown][]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      // The login page's single sign-on buttons: none here.
      if (url === '/api/auth/oidc/providers') return Response.json({ providers: [] });
      calls.push({
        method: init?.method ?? 'GET',
        url,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      const [status, body] = answers.shift() ?? [500, { message: 'unexpected call' }];
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: paths.login, element: <LoginPage /> },
      { path: paths.loginVerify, element: <LoginVerifyPage /> },
      {
        path: paths.dashboard,
        loader: () => requireUser(client),
        element: <p>The dashboard</p>,
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the second step of signing in', () => {
  it('goes from the password to the code, shows a wrong one, then reaches the dashboard', async () => {
    const calls = server([
      [200, { ...ADMIN, mfa: 'verify' }],
      [400, { statusCode: 400, error: 'Bad Request', message: MFA_BAD_CODE_MESSAGE }],
      [200, { ok: true, message: 'Thank you: you are signed in.', recoveryCodes: null }],
      [200, { user: ADMIN, mfa: null }],
    ]);
    const router = renderAt(paths.login);
    fill('Email or phone', 'admin@demo.alumnet.dev');
    fill('Password', 'alumnet-demo');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app'),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login/verify');
    // Signed in with a password only: the session is not the user's yet.
    expect(localStorage.getItem('chat-user')).toBeNull();

    fill('Authenticator code', '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(MFA_BAD_CODE_MESSAGE)).toBeTruthy();
    fill('Authenticator code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('The dashboard');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/auth/login',
      'POST /api/auth/mfa/totp/verify',
      'POST /api/auth/mfa/totp/verify',
      'GET /api/auth/me',
    ]);
    expect(calls[2]!.body).toEqual({ code: '123456' });
  });

  it('offers a passkey and a recovery code instead', async () => {
    server([[200, { user: ADMIN, mfa: 'verify' }]]);
    renderAt(paths.loginVerify);
    expect(await screen.findByRole('button', { name: 'Use a passkey' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    expect(screen.getByLabelText('Recovery code')).toBeTruthy();
  });

  it('sends a session owing its factor from a member page to /login/verify', async () => {
    server([[200, { user: ADMIN, mfa: 'verify' }]]);
    const router = renderAt(paths.dashboard);
    await screen.findByText('Enter the 6-digit code from your authenticator app');
    expect(router.state.location.pathname).toBe('/login/verify');
  });
});
