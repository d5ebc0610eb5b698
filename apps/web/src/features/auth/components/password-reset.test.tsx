import { PASSWORD_RESET_INVALID_MESSAGE, PASSWORD_RESET_SENT_MESSAGE } from '@alumnet/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { ForgotPasswordPage } from './forgot-password-page';
import { LoginPage } from './login-page';
import { MEMBER } from '../../../testing/member';
import { ResetPasswordPage } from './reset-password-page';

const COMMON =
  'This password is too common: it appears in lists of leaked passwords. Please choose another.';
const USER = {
  ...MEMBER,
  fullName: 'Rahul Verma',
  firstName: 'Rahul',
  lastName: 'Verma',
  email: 'member2@demo.alumnet.dev',
  phone: '9000000004',
};

type Call = { method: string; url: string; body: unknown };

/** Answers calls in order from `answers` ([status, body] per call) and records them. */
function server(answers: [number, unknown][]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
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
  const router = createMemoryRouter(
    [
      { path: paths.login, element: <LoginPage /> },
      { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
      { path: paths.resetPassword, element: <ResetPasswordPage /> },
      { path: paths.dashboard, element: <p>The dashboard</p> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
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

describe('forgot password', () => {
  it('is linked from the login page', async () => {
    const router = renderAt(paths.login);
    fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    await screen.findByRole('heading', { name: 'Forgot password?' });
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  it("sends the e-mail or phone and shows the server's answer", async () => {
    const calls = server([[200, { message: PASSWORD_RESET_SENT_MESSAGE }]]);
    renderAt(paths.forgotPassword);
    const field = screen.getByLabelText('Email or phone');
    expect(field.getAttribute('name')).toBe('userName');
    expect(field.closest('form')?.getAttribute('method')).toBe('post');
    fill('Email or phone', 'member2@demo.alumnet.dev');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(PASSWORD_RESET_SENT_MESSAGE)).toBeTruthy();
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/auth/password-reset',
        body: { userName: 'member2@demo.alumnet.dev' },
      },
    ]);
  });
});

describe('reset password page', () => {
  it('says a used or expired link is not valid and offers a new one', async () => {
    server([[200, { valid: false }]]);
    renderAt('/reset-password/used-token');
    expect(await screen.findByText(PASSWORD_RESET_INVALID_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('shows a refused password, then saves, signs in and goes to the dashboard', async () => {
    const calls = server([
      [200, { valid: true }],
      [400, { statusCode: 400, error: COMMON, message: COMMON }],
      [200, { ...USER, mfa: null }],
    ]);
    const router = renderAt('/reset-password/the-token');
    await screen.findByLabelText('New Password', { exact: true });

    // The contract's rules first, without a call.
    fill('New Password', 'short');
    fill('Confirm New Password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Save and log in' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();

    fill('New Password', 'password1');
    fill('Confirm New Password', 'password1');
    fireEvent.click(screen.getByRole('button', { name: 'Save and log in' }));
    expect(await screen.findByText(COMMON)).toBeTruthy();

    fill('New Password', 'a fresh passphrase');
    fill('Confirm New Password', 'a fresh passphrase');
    fireEvent.click(screen.getByRole('button', { name: 'Save and log in' }));
    await screen.findByText('The dashboard');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/auth/password-reset/the-token',
      'POST /api/auth/password-reset/the-token',
      'POST /api/auth/password-reset/the-token',
    ]);
    expect(calls[2]!.body).toEqual({
      newPassword: 'a fresh passphrase',
      confirmPassword: 'a fresh passphrase',
    });
  });
});
