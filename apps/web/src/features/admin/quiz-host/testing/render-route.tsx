import type { SignedInUser } from '@alumnet/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi, type Mock } from 'vitest';
import { meQuery } from '../../../../lib/session';

export const COLLEGE = '00000000-0000-4000-8000-00000000c011';

export const ADMIN: SignedInUser = {
  _id: '00000000-0000-4000-8000-00000000ad01',
  fullName: 'Asha Admin',
  firstName: 'Asha',
  lastName: 'Admin',
  email: 'admin@demo.alumnet.dev',
  phone: null,
  profilePic: null,
  collegeId: COLLEGE,
  batchId: null,
  branchId: null,
  collegeName: 'Alumnet Institute of Technology',
  batchName: null,
  branchName: null,
  locationCountry: null,
  locationCity: null,
  companyName: null,
  userType: 'a',
  isSuperAdmin: false,
  mustChangePassword: false,
};

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export type Handler = (method: string, path: string, body: unknown) => Response | undefined;

/** Stubs fetch at the network boundary; every call is kept as "METHOD path" with its body. */
export function serve(handler: Handler) {
  const calls: { call: string; body: unknown }[] = [];
  const fetchMock: Mock<typeof fetch> = vi.fn(async (input, init) => {
    const method = init?.method ?? 'GET';
    const path = String(input);
    // JSON bodies are kept parsed; an upload's bytes (a File) as they were sent.
    const body: unknown =
      typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? undefined);
    calls.push({ call: `${method} ${path}`, body });
    if (path === '/api/dashboard/filter-options') {
      return json(200, { colleges: [{ _id: COLLEGE, name: 'Alumnet Institute of Technology' }] });
    }
    return (
      handler(method, path, body) ??
      json(404, { statusCode: 404, error: 'Not Found', message: 'Not found' })
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    bodies: (call: string) => calls.filter((c) => c.call === call).map((c) => c.body),
  };
}

function WhereAmI() {
  return <output aria-label="Current address">{useLocation().pathname}</output>;
}

/**
 * Renders the app's route for `path` with `page` under it, signed in as `user`; in StrictMode,
 * as main.tsx does, so effects that do not clean up after themselves show here too.
 */
export function renderRoute(route: string, path: string, page: ReactNode, user = ADMIN) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meQuery.queryKey, { user });
  return render(
    <StrictMode>
      <MantineProvider>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={route} element={page} />
              <Route path="*" element={<WhereAmI />} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
}
