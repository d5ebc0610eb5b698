import { API, SSO_ERRORS } from '@alumnet/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SsoButtons } from './sso-buttons';

const COLLEGE_ID = '0b8f2d6e-4c1a-4f7e-9a55-1d2c3b4a5e6f';

function renderAt(path: string, providers: { collegeId: string; collegeName: string }[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === API.sso.providers
        ? Response.json({ providers })
        : Response.json({ message: 'unexpected call' }, { status: 500 }),
    ),
  );
  const router = createMemoryRouter([{ path: '/login', element: <SsoButtons /> }], {
    initialEntries: [path],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('single sign-on on the login page', () => {
  it("links each college's provider to the server's start call", async () => {
    renderAt('/login', [{ collegeId: COLLEGE_ID, collegeName: 'Alumnet Institute' }]);
    const link = await screen.findByRole('link', { name: 'Sign in with Alumnet Institute' });
    expect(link.getAttribute('href')).toBe(`/api/auth/oidc/${COLLEGE_ID}/start`);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tells why the callback refused, and shows no button without providers', async () => {
    renderAt('/login?sso=domain', []);
    expect((await screen.findByRole('alert')).textContent).toBe(SSO_ERRORS.domain);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('ignores a reason it does not know', async () => {
    renderAt('/login?sso=constructor', []);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
