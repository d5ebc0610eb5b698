import type { ManagedGroupRow, SignedInUser } from '@alumnet/contract';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { disconnectRealtime } from '../../../../lib/realtime';
import { meQuery } from '../../../../lib/session';
import { id, MEMBER } from '../../../../testing/member';
import { ManageGroupsPage } from './manage-groups-page';

vi.mock('socket.io-client', () => import('../../../../testing/fake-socket'));

const ADMIN: SignedInUser = { ...MEMBER, email: 'admin@demo.alumnet.dev', userType: 'a' };
const COLLEGE = MEMBER.collegeId!;
const ROW: ManagedGroupRow = {
  id: id(5),
  name: 'Bengaluru Chapter',
  description: 'Alumni in Bengaluru',
  coverPicture: null,
  kind: 'request',
  rule: null,
  ruleLabel: null,
  memberCount: 12,
  pendingCount: 3,
  archived: false,
  organisers: [{ _id: id(2), fullName: 'Rahul Verma' }],
};

type Call = { method: string; path: string; body: unknown };

function serve(answers: (call: Call) => { status: number; body: unknown } | undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        path,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      const answer =
        answers(call) ??
        (path === '/api/dashboard/filter-options'
          ? { status: 200, body: { colleges: [{ _id: COLLEGE, name: MEMBER.collegeName }] } }
          : path.startsWith('/api/groups/manage')
            ? { status: 200, body: { groups: [ROW] } }
            : { status: 200, body: [] });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meQuery.queryKey, { user: ADMIN });
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/dashboard/groups']}>
          <ManageGroupsPage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  disconnectRealtime();
  vi.unstubAllGlobals();
});

describe('/dashboard/groups', { timeout: 30_000 }, () => {
  it('lists the groups, and creates an automatic group with its rule', async () => {
    const calls = serve((call) =>
      call.path === `/api/colleges/degrees/fetch?collegeId=${COLLEGE}`
        ? {
            status: 200,
            body: [
              { _id: id(7), name: 'B.Tech', description: '', parentId: null, parentName: null },
            ],
          }
        : call.method === 'POST' && call.path.startsWith('/api/groups')
          ? { status: 200, body: { message: 'Group created.' } }
          : undefined,
    );
    renderPage();
    const card = (await screen.findByText('Bengaluru Chapter')).closest('[data-group-id]')!;
    expect(within(card as HTMLElement).getByText('By request')).toBeTruthy();
    expect(within(card as HTMLElement).getByText(/3 waiting/)).toBeTruthy();
    expect(within(card as HTMLElement).getByText(/Rahul Verma/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Create group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a group' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), {
      target: { value: 'B.Tech alumni' },
    });
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Kind' }));
    fireEvent.click(await screen.findByRole('option', { name: /^Automatic/, hidden: true }));
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Rule: members whose' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Degree', hidden: true }));
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'is' }));
    fireEvent.click(await screen.findByRole('option', { name: 'B.Tech', hidden: true }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe(`/api/groups?collegeId=${COLLEGE}`);
    expect(post.body).toEqual({
      name: 'B.Tech alumni',
      description: '',
      kind: 'automatic',
      rule: { field: 'degree', value: id(7) },
      coverPicture: null,
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Create a group' })).toBeNull(),
    );
  });

  it("edits a group and shows the server's 400 message in the form", async () => {
    const calls = serve((call) =>
      call.method === 'PUT'
        ? {
            status: 400,
            body: {
              statusCode: 400,
              error: 'Bad Request',
              message: 'This college already has a group with this name.',
            },
          }
        : undefined,
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Bengaluru Chapter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Bengaluru Chapter' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Mysuru' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'This college already has a group with this name.',
    );
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe(`/api/groups/${ROW.id}`);
    expect(put.body).toEqual({
      name: 'Mysuru',
      description: 'Alumni in Bengaluru',
      kind: 'request',
      rule: null,
      coverPicture: null,
      archived: false,
    });
  });

  it('archives a group with its fields unchanged', async () => {
    const calls = serve((call) =>
      call.method === 'PUT' ? { status: 200, body: { message: 'Group saved.' } } : undefined,
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Archive Bengaluru Chapter' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ archived: true });
  });
});
