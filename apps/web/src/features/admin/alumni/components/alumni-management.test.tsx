import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { adminNotify } from '../../shared/notify';
import { adminRow } from '../utils/test-rows';
import { AlumniManagement } from './alumni-management';

const COLLEGE = '00000000-0000-4000-8000-00000000c011';
const ADMIN = '00000000-0000-4000-8000-00000000ad01';
const waitingSignup = adminRow({
  fullName: 'Waiting Signup',
  isApproved: false,
  isRegistered: true,
});
const imported = adminRow({ fullName: 'Imported Alumnus', isRegistered: false });
const users = [waitingSignup, imported];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: Mock<typeof fetch>;
let success: Mock<(message: string) => string>;
let failure: Mock<(message: string, title?: string) => string>;
/** The JSON bodies sent to each path, in order. */
const sent = (path: string) =>
  fetchMock.mock.calls
    .filter(([input]) => String(input) === path)
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

beforeEach(() => {
  success = vi.fn<(message: string) => string>().mockReturnValue('toast');
  failure = vi.fn<(message: string, title?: string) => string>().mockReturnValue('toast');
  vi.spyOn(adminNotify, 'success').mockImplementation(success);
  vi.spyOn(adminNotify, 'error').mockImplementation(failure);
  fetchMock = vi.fn<typeof fetch>(async (input) => {
    switch (String(input)) {
      case '/api/dashboard/searchDashBoard':
        return json(200, { users, totalResults: 31 });
      case '/api/dashboard/addJob':
        return json(409, { statusCode: 409, error: 'Conflict', message: 'The list changed.' });
      case '/api/dashboard/reject':
        return json(200, {
          message: 'Waiting Signup has been rejected.',
          rejectedUser: { _id: waitingSignup._id, fullName: 'Waiting Signup' },
        });
      case '/api/alumzone/search/companies':
        return json(200, ['Acme']);
      default:
        return json(200, []);
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <MantineProvider>
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <AlumniManagement collegeId={COLLEGE} adminId={ADMIN} />
      </QueryClientProvider>
    </MantineProvider>,
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const bar = () => screen.getByRole('region', { name: 'Actions for the selected users' });

describe('AlumniManagement', () => {
  it("searches with the spec's body and pages by 15", async () => {
    await screen.findByText('Total Results: 31');
    expect(sent('/api/dashboard/searchDashBoard')[0]).toMatchObject({
      filters: { collegeId: COLLEGE, isRegistered: '' },
      searchText: '',
      pageId: 1,
    });
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(sent('/api/dashboard/searchDashBoard').at(-1)?.pageId).toBe(2));
    // 31 > 2 × 15: a third page exists.
    await screen.findByText('Page 2 of 3');
  });

  it('freezes the filter into a select-all job and reports a refusal with the spec toast', async () => {
    await screen.findByText('Total Results: 31');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all matching users' }));
    within(bar()).getByText('All 31 matching users are selected');
    fireEvent.click(within(bar()).getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(sent('/api/dashboard/addJob')).toHaveLength(1));
    expect(sent('/api/dashboard/addJob')[0]).toEqual({
      method: 'email',
      reqUserId: ADMIN,
      totalResults: 31,
      selectAll: true,
      filterData: expect.objectContaining({ collegeId: COLLEGE, searchText: '' }),
    });
    await waitFor(() =>
      expect(failure).toHaveBeenCalledWith(
        'The list changed.',
        'An error occured while adding email Job.',
      ),
    );
    // A failed job keeps the choice, so the admin can try again.
    within(bar()).getByText('All 31 matching users are selected');
  });

  it('rejects one user with a reason, then clears the selection', async () => {
    await screen.findByText('Total Results: 31');
    // The rows follow the count in a background render.
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Waiting Signup' }));
    fireEvent.click(within(bar()).getByRole('button', { name: 'Reject User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject User' });
    fireEvent.change(within(dialog).getByPlaceholderText('Enter reason for rejection'), {
      target: { value: 'Not an alumnus' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(sent('/api/dashboard/reject')).toEqual([
        { userId: waitingSignup._id, reason: 'Not an alumnus' },
      ]),
    );
    await waitFor(() => expect(success).toHaveBeenCalledWith('Waiting Signup has been rejected.'));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Actions for the selected users' })).toBeNull(),
    );
  });

  it('refuses to delete a registered user before asking the server', async () => {
    await screen.findByText('Total Results: 31');
    // The rows follow the count in a background render.
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Waiting Signup' }));
    fireEvent.click(within(bar()).getByRole('button', { name: 'Delete User' }));
    expect(failure).toHaveBeenCalledWith('Cannot delete a registered user');
    expect(screen.queryByRole('dialog', { name: 'Delete User' })).toBeNull();

    // An imported (unregistered) one gets the confirm with the spec's sentence.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Waiting Signup' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Imported Alumnus' }));
    fireEvent.click(within(bar()).getByRole('button', { name: 'Delete User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete User' });
    within(dialog).getByText(
      'Are you sure you want to delete this user? This action cannot be undone.',
    );
  });
});
