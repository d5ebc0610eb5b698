import { imageUrl, type Alumnus } from '@alumnet/contract';
import { Avatar, Group, Skeleton, Table, Text } from '@mantine/core';
import { memo, type KeyboardEvent } from 'react';

const COLUMNS = ['Name', 'Batch', 'Branch', 'Country', 'City', 'Working At'] as const;
const dash = (value: string | null) => value || '—';

interface Props {
  users: Alumnus[] | undefined;
  onOpen: (alumnus: Alumnus) => void;
}

/** The results of member-portal.md §2; on a phone the table scrolls inside its own box. */
/** Memoized: the filters around it change with every key pressed, the rows only with an answer. */
export const AlumniTable = memo(function AlumniTable({ users, onOpen }: Props) {
  const open = (alumnus: Alumnus) => (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(alumnus);
    }
  };

  return (
    <Table.ScrollContainer minWidth={760} type="native">
      <Table highlightOnHover={Boolean(users?.length)} verticalSpacing="sm" striped={false}>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users
            ? users.map((alumnus) => (
                <Table.Tr
                  key={alumnus._id}
                  onClick={() => onOpen(alumnus)}
                  onKeyDown={open(alumnus)}
                  tabIndex={0}
                  aria-label={`Show ${alumnus.fullName}`}
                  style={{ cursor: 'pointer' }}
                >
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <Avatar
                        src={imageUrl(alumnus.profilePic, 'thumb')}
                        alt=""
                        radius="xl"
                        size={32}
                      />
                      <Text size="sm" fw={500}>
                        {alumnus.fullName}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{dash(alumnus.batchName)}</Table.Td>
                  <Table.Td>{dash(alumnus.branchName)}</Table.Td>
                  <Table.Td>{dash(alumnus.locationCountry)}</Table.Td>
                  <Table.Td>{dash(alumnus.locationCity)}</Table.Td>
                  <Table.Td>{dash(alumnus.companyName)}</Table.Td>
                </Table.Tr>
              ))
            : Array.from({ length: 8 }, (_, row) => (
                <Table.Tr key={row} aria-hidden>
                  {COLUMNS.map((column) => (
                    <Table.Td key={column}>
                      <Skeleton height={column === 'Name' ? 32 : 12} radius="xl" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
});
