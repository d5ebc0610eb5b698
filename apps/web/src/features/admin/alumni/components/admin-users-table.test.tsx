import type { AdminUserRow } from '@alumnet/contract';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { emptySelection, type Selection } from '../utils/selection';
import { adminRow } from '../utils/test-rows';
import { ADMIN_COLUMNS, AdminUsersTable } from './admin-users-table';

function renderTable(users: AdminUserRow[], selection: Selection = emptySelection) {
  const onTogglePage = vi.fn<() => void>();
  const onToggleRow = vi.fn<(row: AdminUserRow) => void>();
  render(
    <MantineProvider>
      <AdminUsersTable
        users={users}
        selection={selection}
        onTogglePage={onTogglePage}
        onToggleRow={onToggleRow}
      />
    </MantineProvider>,
  );
  return { onTogglePage, onToggleRow };
}
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('AdminUsersTable', () => {
  it("has the spec's columns in order", () => {
    renderTable([]);
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['', ...ADMIN_COLUMNS]);
    expect(ADMIN_COLUMNS[0]).toBe('Created On');
    expect(ADMIN_COLUMNS.at(-1)).toBe('Working At');
  });

  it('shows yes/no, status labels, N/A for what is missing, and the inviter', () => {
    const local = new Date(2025, 0, 31, 18, 45).toISOString();
    const invited = adminRow({
      createdAt: local,
      fullName: 'Asha Nair',
      isApproved: false,
      isRegistered: false,
      isInvited: true,
      invitedBy: { _id: '00000000-0000-4000-8000-0000000000aa', fullName: 'Priya Admin' },
      communicationStatus: { email: 'bounce', sms: 'pending', whatsapp: 'delivered' },
      phone: null,
      locationCity: null,
    });
    const blank = adminRow({ createdAt: null, fullName: 'No Date', invitedBy: null });
    const broken = adminRow({ createdAt: 'yesterday', fullName: 'Bad Date' });
    renderTable([invited, blank, broken]);

    const [first, second, third] = screen.getAllByRole('row').slice(1) as HTMLElement[];
    expect(cells(first!)).toEqual([
      '',
      '31/01/2025 18:45',
      'Asha Nair',
      'B.Tech',
      '2016-2020',
      'Computer Science',
      invited.email,
      'N/A',
      'no',
      'no',
      'Bounce',
      'Pending',
      'Delivered',
      'yes',
      'Priya Admin',
      'India',
      'N/A',
      'Acme',
    ]);
    expect(cells(second!)[1]).toBe('N/A');
    expect(cells(second!)[14]).toBe('N/A');
    expect(cells(second!)[10]).toBe('Not Sent');
    expect(cells(third!)[1]).toBe('Invalid Date');
  });

  it('marks rows with new college data and shows the requested names', () => {
    const row = adminRow({
      newCollegeData: 'yes',
      degreeName: null,
      newDegreeRequestName: 'M.Sc',
    });
    renderTable([row]);
    const tr = screen.getAllByRole('row')[1]!;
    expect(tr.getAttribute('data-new-college-data')).toBe('yes');
    expect(within(tr).getByText('M.Sc (new)')).toBeTruthy();
  });

  it('ticks the page with the header and rows one by one', () => {
    const row = adminRow({ fullName: 'Meera Menon' });
    const { onTogglePage, onToggleRow } = renderTable([row]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all matching users' }));
    expect(onTogglePage).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Meera Menon' }));
    expect(onToggleRow).toHaveBeenCalledWith(row);
  });

  it('shows every row ticked in select-all mode', () => {
    const rows = [adminRow(), adminRow()];
    renderTable(rows, { rows: {}, selectAll: true });
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.every((box) => box.checked)).toBe(true);
  });
});
