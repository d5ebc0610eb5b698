import type { AdminUserRow } from '@alumnet/contract';
import { Checkbox, Skeleton, Table, Text } from '@mantine/core';
import { memo } from 'react';
import { formatDateTime } from '../../../../lib/format-date';
import { invitedByName, yesNo } from '../utils/format';
import { isRowSelected, pageState, type Selection } from '../utils/selection';
import { StatusBadge } from './status-badge';

/** admin-area.md §2 "Alumni management table", in the spec's order (after the checkbox). */
export const ADMIN_COLUMNS = [
  'Created On',
  'Name',
  'Degree',
  'Batch',
  'Branch',
  'Email',
  'Phone',
  'Approval Status',
  'Registration Status',
  'Email Status',
  'SMS Status',
  'WhatsApp Status',
  'Invited',
  'Invited By',
  'Country',
  'City',
  'Working At',
] as const;

const text = (value: string | null) => value || 'N/A';
const nowrap = { whiteSpace: 'nowrap' } as const;

/** A degree, batch or branch; one the college lacks shows the name that was asked for. */
function Structure({ name, requested }: { name: string | null; requested: string | null }) {
  if (name || !requested) return text(name);
  return (
    <Text span size="sm" fs="italic" title="Requested: not in the college structure yet">
      {requested} (new)
    </Text>
  );
}

interface Props {
  users: AdminUserRow[] | undefined;
  selection: Selection;
  onTogglePage: () => void;
  onToggleRow: (row: AdminUserRow) => void;
}

/** Memoized: the screen around it changes (filters, counts, dialogs) far more often than it does. */
export const AdminUsersTable = memo(function AdminUsersTable({
  users,
  selection,
  onTogglePage,
  onToggleRow,
}: Props) {
  const header = pageState(selection, users ?? []);
  return (
    <Table.ScrollContainer minWidth={2000} type="native">
      {/* One line a row: the box scrolls sideways instead of the cells growing tall. */}
      <Table verticalSpacing="xs" fz="sm" highlightOnHover withRowBorders style={nowrap}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label="Select all matching users"
                checked={header.checked}
                indeterminate={header.indeterminate}
                onChange={onTogglePage}
                disabled={!users?.length}
              />
            </Table.Th>
            {ADMIN_COLUMNS.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users
            ? users.map((row) => {
                const selected = isRowSelected(selection, row._id);
                return (
                  <Table.Tr
                    key={row._id}
                    data-user-id={row._id}
                    data-new-college-data={row.newCollegeData}
                    // Rows with new college data are yellow (admin-area.md §2), selected or not.
                    bg={
                      row.newCollegeData === 'yes'
                        ? 'yellow.1'
                        : selected
                          ? 'var(--mantine-primary-color-light)'
                          : undefined
                    }
                  >
                    <Table.Td>
                      <Checkbox
                        aria-label={`Select ${row.fullName}`}
                        checked={selected}
                        onChange={() => onToggleRow(row)}
                      />
                    </Table.Td>
                    <Table.Td>{formatDateTime(row.createdAt)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {row.fullName}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Structure name={row.degreeName} requested={row.newDegreeRequestName} />
                    </Table.Td>
                    <Table.Td>
                      <Structure name={row.batchName} requested={row.newBatchRequestName} />
                    </Table.Td>
                    <Table.Td>
                      <Structure name={row.branchName} requested={row.newBranchRequestName} />
                    </Table.Td>
                    <Table.Td>{row.email}</Table.Td>
                    <Table.Td>{text(row.phone)}</Table.Td>
                    <Table.Td>{yesNo(row.isApproved)}</Table.Td>
                    <Table.Td>{yesNo(row.isRegistered)}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={row.communicationStatus.email} />
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={row.communicationStatus.sms} />
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={row.communicationStatus.whatsapp} />
                    </Table.Td>
                    <Table.Td>{yesNo(row.isInvited)}</Table.Td>
                    <Table.Td>{invitedByName(row)}</Table.Td>
                    <Table.Td>{text(row.locationCountry)}</Table.Td>
                    <Table.Td>{text(row.locationCity)}</Table.Td>
                    <Table.Td>{text(row.companyName)}</Table.Td>
                  </Table.Tr>
                );
              })
            : Array.from({ length: 6 }, (_, index) => (
                <Table.Tr key={index} aria-hidden>
                  <Table.Td />
                  {ADMIN_COLUMNS.map((column) => (
                    <Table.Td key={column}>
                      <Skeleton height={12} radius="xl" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
});
