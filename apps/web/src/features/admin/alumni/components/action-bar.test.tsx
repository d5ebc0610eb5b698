import type { AdminUserRow, DispatchMethod } from '@alumnet/contract';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { actionRules } from '../utils/actions';
import { adminRow } from '../utils/test-rows';
import { ActionBar } from './action-bar';

function renderBar(rows: AdminUserRow[], { selectAll = false, processing = false } = {}) {
  const handlers = {
    onJob: vi.fn<(method: DispatchMethod) => void>(),
    onUpdateMetadata: vi.fn<() => void>(),
    onReject: vi.fn<() => void>(),
    onDelete: vi.fn<() => void>(),
    onClear: vi.fn<() => void>(),
  };
  render(
    <MantineProvider>
      <ActionBar
        rules={actionRules({ rows, selectAll, processing })}
        selectedCount={rows.length}
        totalResults={42}
        selectAll={selectAll}
        {...handlers}
      />
    </MantineProvider>,
  );
  return handlers;
}
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('ActionBar', () => {
  it('is not there while nothing is chosen', () => {
    renderBar([]);
    expect(screen.queryByRole('region', { name: 'Actions for the selected users' })).toBeNull();
  });

  it('starts a job with the pressed method and clears on request', () => {
    const handlers = renderBar([adminRow(), adminRow()]);
    expect(screen.getByText('2 users selected')).toBeTruthy();
    fireEvent.click(button('Email'));
    expect(handlers.onJob).toHaveBeenCalledWith('email');
    fireEvent.click(button('Approve'));
    expect(handlers.onJob).toHaveBeenLastCalledWith('approve');
    // Two rows: reject and delete wait for exactly one.
    expect(button('Reject User').disabled).toBe(true);
    expect(button('Delete User').disabled).toBe(true);
    fireEvent.click(button('Clear selection'));
    expect(handlers.onClear).toHaveBeenCalled();
  });

  it('says select-all covers every match and turns SMS off', () => {
    renderBar([adminRow()], { selectAll: true });
    expect(screen.getByText('All 42 matching users are selected')).toBeTruthy();
    expect(button('SMS').disabled).toBe(true);
    expect(button('Email').disabled).toBe(false);
    expect(button('Reject User').disabled).toBe(true);
  });

  it('blocks approve, email and WhatsApp for new college data and offers Update Meta Data', () => {
    const handlers = renderBar([adminRow({ newCollegeData: 'yes' })]);
    expect(button('Approve').disabled).toBe(true);
    expect(button('Email').disabled).toBe(true);
    expect(button('WhatsApp').disabled).toBe(true);
    expect(button('SMS').disabled).toBe(false);
    expect(screen.getByText(/Update their degree, batch and branch first/)).toBeTruthy();
    fireEvent.click(button('Update Meta Data'));
    expect(handlers.onUpdateMetadata).toHaveBeenCalled();
    fireEvent.click(button('Reject User'));
    expect(handlers.onReject).toHaveBeenCalled();
    fireEvent.click(button('Delete User'));
    expect(handlers.onDelete).toHaveBeenCalled();
  });

  it('shows no Update Meta Data for a plain row, and disables all but SMS while processing', () => {
    renderBar([adminRow()], { processing: true });
    expect(screen.queryByRole('button', { name: 'Update Meta Data' })).toBeNull();
    expect(button('Approve').disabled).toBe(true);
    expect(button('WhatsApp').disabled).toBe(true);
    expect(button('SMS').disabled).toBe(false);
  });
});
