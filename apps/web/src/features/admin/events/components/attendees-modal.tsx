import type { Attendee } from '@alumnet/contract';
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { clockTime, eventDay } from '../../../../lib/event-time';
import { useTimeZone } from '../../../../lib/time-zone';
import { serverMessage } from '../../shared/utils/errors';
import { attendeesCsv, attendeesQuery } from '../api/events';

const STATUS: Record<Attendee['status'], { label: string; color: string }> = {
  going: { label: 'Going', color: 'green' },
  waitlisted: { label: 'Waitlisted', color: 'yellow' },
  not_going: { label: 'Not going', color: 'gray' },
};

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0} align="center">
      <Text fw={700} size="xl">
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

/** Who answered an event, its figures (going, waitlisted, attended, no-shows) and the CSV. */
export function AttendeesModal({
  eventId,
  title,
  onClose,
}: {
  eventId: string;
  title: string;
  onClose: () => void;
}) {
  const timeZone = useTimeZone();
  const answer = useQuery(attendeesQuery(eventId));
  const data = answer.data;
  return (
    <Modal opened onClose={onClose} title={`Attendees: ${title}`} size="xl">
      {answer.isPending ? (
        <Center py="xl">
          <Loader size="sm" aria-label="Loading attendees" />
        </Center>
      ) : answer.isError ? (
        <Alert color="red">
          {serverMessage(answer.error, 'The attendees could not be loaded.')}
        </Alert>
      ) : (
        data && (
          <Stack gap="md">
            <SimpleGrid cols={4}>
              <Figure label="Going" value={data.figures.going} />
              <Figure label="Waitlisted" value={data.figures.waitlisted} />
              <Figure label="Attended" value={data.figures.attended} />
              <Figure label="No-shows" value={data.figures.noShows} />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button
                component="a"
                href={attendeesCsv(eventId)}
                download
                variant="light"
                size="xs"
                leftSection={<IconDownload size={16} />}
              >
                Download CSV
              </Button>
            </Group>
            {data.attendees.length === 0 ? (
              <Text c="dimmed">Nobody has answered yet.</Text>
            ) : (
              <Table.ScrollContainer minWidth={560}>
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Name</Table.Th>
                      <Table.Th>Class</Table.Th>
                      <Table.Th>Answer</Table.Th>
                      <Table.Th>Guests</Table.Th>
                      <Table.Th>Checked in</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.attendees.map((a) => (
                      <Table.Tr key={a._id}>
                        <Table.Td>
                          <Text size="sm">{a.fullName}</Text>
                          <Text size="xs" c="dimmed">
                            {a.email}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          {[a.batchName, a.branchName].filter(Boolean).join(' · ') || '—'}
                        </Table.Td>
                        <Table.Td>
                          <Badge variant="light" color={STATUS[a.status].color}>
                            {STATUS[a.status].label}
                            {a.status === 'waitlisted' && a.position ? ` #${a.position}` : ''}
                          </Badge>
                        </Table.Td>
                        <Table.Td>{a.guests}</Table.Td>
                        <Table.Td>
                          {a.checkedInAt
                            ? `${clockTime(a.checkedInAt, timeZone)}, ${eventDay(a.checkedInAt, timeZone)}`
                            : '—'}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
        )
      )}
    </Modal>
  );
}
