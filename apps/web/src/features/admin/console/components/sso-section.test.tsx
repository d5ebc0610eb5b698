import { API } from '@alumnet/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SsoSection } from './sso-section';

const COLLEGE = {
  _id: '0b8f2d6e-4c1a-4f7e-9a55-1d2c3b4a5e6f',
  name: 'Alumnet Institute',
  memberCount: 10,
  admins: [],
};
const VIEW = {
  collegeId: COLLEGE._id,
  collegeName: COLLEGE.name,
  issuer: 'https://login.alumnet.edu',
  clientId: 'portal',
  hasSecret: true,
  allowedDomains: ['alumnet.edu'],
  enabled: true,
};

type Call = { method: string; url: string; body: unknown };

/** The server: `stored` is the college's provider (null: 404), changed by PUT and DELETE. */
function server(initial: typeof VIEW | null) {
  let stored = initial;
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url !== API.sso.college(COLLEGE._id)) return Response.json({}, { status: 500 });
      if (method === 'PUT') {
        stored = { ...VIEW, ...body, hasSecret: true };
        return Response.json(stored);
      }
      if (method === 'DELETE') {
        stored = null;
        return Response.json({
          ok: true,
          message: 'Single sign-on for Alumnet Institute was removed.',
        });
      }
      return stored
        ? Response.json(stored)
        : Response.json({ message: 'This college has no single sign-on.' }, { status: 404 });
    }),
  );
  return calls;
}

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <SsoSection colleges={[COLLEGE]} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

async function pickCollege() {
  fireEvent.click(screen.getByRole('combobox', { name: 'College' }));
  fireEvent.click(await screen.findByRole('option', { name: COLLEGE.name, hidden: true }));
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });

afterEach(() => vi.unstubAllGlobals());

describe("the console's single sign-on", () => {
  it('sets a provider for a college that has none, domains comma or line separated', async () => {
    const calls = server(null);
    renderSection();
    await pickCollege();
    await screen.findByText('This college has no single sign-on yet.');
    fill('Issuer', ' https://login.alumnet.edu ');
    fill('Client id', 'portal');
    fill('Client secret', 's3cret');
    fill('Allowed e-mail domains', 'alumnet.edu, alumni.alumnet.edu\nstaff.alumnet.edu');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      issuer: 'https://login.alumnet.edu',
      clientId: 'portal',
      clientSecret: 's3cret',
      allowedDomains: ['alumnet.edu', 'alumni.alumnet.edu', 'staff.alumnet.edu'],
      enabled: true,
    });
    // Loaded again from the server: the secret field is empty, the stored one kept.
    expect(await screen.findByPlaceholderText('stored; leave empty to keep')).toBeTruthy();
  });

  it('shows the stored provider without its secret, and removes it', async () => {
    const calls = server(VIEW);
    renderSection();
    await pickCollege();
    const secret = (await screen.findByPlaceholderText(
      'stored; leave empty to keep',
    )) as HTMLInputElement;
    expect(secret.value).toBe('');
    expect((screen.getByLabelText('Issuer', { exact: false }) as HTMLInputElement).value).toBe(
      VIEW.issuer,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await screen.findByText('This college has no single sign-on yet.');
    expect(calls.map((c) => c.method)).toContain('DELETE');
  });

  it("shows the server's refusal", async () => {
    server(VIEW);
    vi.mocked(fetch).mockImplementationOnce(async () => Response.json(VIEW));
    renderSection();
    await pickCollege();
    await screen.findByPlaceholderText('stored; leave empty to keep');
    vi.mocked(fetch).mockImplementationOnce(async () =>
      Response.json(
        {
          statusCode: 400,
          error: 'Bad Request',
          message: 'https://login.alumnet.edu did not answer OpenID Connect discovery',
        },
        { status: 400 },
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/did not answer/);
  });
});
