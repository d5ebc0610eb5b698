import type { ManagedEventRow } from '@alumnet/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MemberLayout } from '../../../../components/member-layout';
import { NotAuthorized } from '../../../../components/not-authorized';
import { pathTo, paths } from '../../../../config/paths';
import { ApiRequestError } from '../../../../lib/api-client';
import { eventWhen, isFull } from '../../../../lib/event-time';
import { isAdmin, meQuery } from '../../../../lib/session';
import { useTimeZone } from '../../../../lib/time-zone';
import { CollegeSelect } from '../../shared/components/college-select';
import { PageHeader } from '../../shared/components/page-header';
import { useAdminCollege } from '../../shared/hooks/use-admin-college';
import { adminNotify } from '../../shared/notify';
import { manageEventsQuery, useCancelManagedEvent } from '../api/events';
import { AttendeesModal } from './attendees-modal';
import { EventFormModal } from './event-form-modal';

/**
 * `/dashboard/events` (issue 28): the events a college admin runs for their college (a super
 * admin, for the college chosen), or a group's organiser for their groups, with their counts.
 */
export function ManageEventsPage() {
  const { data } = useSuspenseQuery(meQuery);
  return (
    <MemberLayout>
      {isAdmin(data.user) ? <AdminEvents /> : <ManageEvents admin={false} collegeId="" />}
    </MemberLayout>
  );
}

function AdminEvents() {
  const { collegeId } = useAdminCollege();
  return <ManageEvents admin collegeId={collegeId} />;
}

function ManageEvents({ admin, collegeId }: { admin: boolean; collegeId: string }) {
  const timeZone = useTimeZone();
  const events = useQuery({ ...manageEventsQuery(collegeId), enabled: !admin || !!collegeId });
  const [search, setSearch] = useSearchParams();
  const [cancelling, setCancelling] = useState<ManagedEventRow | null>(null);
  const list = events.data?.events ?? [];
  const editing = search.get('edit');
  const creating = search.has('create');
  const attendeesOf = search.get('attendees');
  const open = (key: string, value = '') =>
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      next.set(key, value);
      return next;
    });
  const closeModal = () =>
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      ['edit', 'create', 'attendees'].forEach((key) => next.delete(key));
      return next;
    });

  if (
    !admin &&
    events.error instanceof ApiRequestError &&
    (events.error.status === 401 || events.error.status === 403)
  )
    return <NotAuthorized />;

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <PageHeader
        back={admin ? paths.dashboard : paths.events}
        backLabel={admin ? 'Back' : 'Events'}
        title="Events"
        description="Reunions, meet-ups and webinars: RSVPs, the waitlist and who came."
      >
        <Group gap="sm">
          {admin && <CollegeSelect />}
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => open('create')}
            disabled={admin && !collegeId}
          >
            Create event
          </Button>
        </Group>
      </PageHeader>
      {events.isError && (
        <Alert color="red">
          {events.error instanceof ApiRequestError && events.error.status > 0
            ? events.error.message
            : 'The events could not be loaded. Please try again.'}
        </Alert>
      )}
      {events.isLoading ? (
        <Center py="xl">
          <Loader size="sm" aria-label="Loading events" />
        </Center>
      ) : events.isSuccess && list.length === 0 ? (
        <Text c="dimmed">No events yet. Create the first one.</Text>
      ) : (
        events.isSuccess && (
          <Table.ScrollContainer minWidth={980}>
            <Table striped highlightOnHover verticalSpacing="sm" aria-label="Events">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Event</Table.Th>
                  <Table.Th>When</Table.Th>
                  <Table.Th>For</Table.Th>
                  <Table.Th>Going</Table.Th>
                  <Table.Th>Waitlisted</Table.Th>
                  <Table.Th>Attended</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((row) => (
                  <Table.Tr key={row.id} data-event-id={row.id}>
                    <Table.Td>
                      <Group gap={6}>
                        <Anchor
                          component={Link}
                          to={pathTo(paths.event, { id: row.id })}
                          fw={600}
                          size="sm"
                        >
                          {row.title}
                        </Anchor>
                        {row.cancelled && (
                          <Badge color="red" variant="light" size="sm">
                            Cancelled
                          </Badge>
                        )}
                        {!row.cancelled && isFull(row) && (
                          <Badge color="orange" variant="light" size="sm">
                            Full
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{eventWhen(row.startsAt, row.endsAt, timeZone)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{row.audience.name}</Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {row.going}
                      {row.capacity !== null && ` / ${row.capacity}`}
                    </Table.Td>
                    <Table.Td>{row.waitlisted}</Table.Td>
                    <Table.Td>{row.attended}</Table.Td>
                    <Table.Td>
                      <RowActions
                        row={row}
                        onEdit={() => open('edit', row.id)}
                        onAttendees={() => open('attendees', row.id)}
                        onCancel={() => setCancelling(row)}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )
      )}
      {(creating || editing) && (
        <EventFormModal
          eventId={editing}
          admin={admin}
          collegeId={collegeId}
          onClose={closeModal}
        />
      )}
      {attendeesOf && (
        <AttendeesModal
          eventId={attendeesOf}
          title={list.find((e) => e.id === attendeesOf)?.title ?? 'the event'}
          onClose={closeModal}
        />
      )}
      {cancelling && <CancelModal row={cancelling} onClose={() => setCancelling(null)} />}
    </Stack>
  );
}

function RowActions({
  row,
  onEdit,
  onAttendees,
  onCancel,
}: {
  row: ManagedEventRow;
  onEdit: () => void;
  onAttendees: () => void;
  onCancel: () => void;
}) {
  const named = (action: string) => `${action}: ${row.title}`;
  // An event that has ended is history: nothing left to cancel (as the list was drawn).
  const [now] = useState(Date.now);
  const ended = Date.parse(row.endsAt) <= now;
  return (
    <Group gap={4} wrap="nowrap">
      {!row.cancelled && (
        <Button size="compact-sm" variant="light" onClick={onEdit} aria-label={named('Edit')}>
          Edit
        </Button>
      )}
      <Button
        size="compact-sm"
        variant="light"
        onClick={onAttendees}
        aria-label={named('Attendees')}
      >
        Attendees
      </Button>
      {!row.cancelled && (
        <Button
          size="compact-sm"
          variant="light"
          component={Link}
          to={pathTo(paths.eventCheckIn, { id: row.id })}
          aria-label={named('Check-in')}
        >
          Check-in
        </Button>
      )}
      {!row.cancelled && !ended && (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          onClick={onCancel}
          aria-label={named('Cancel')}
        >
          Cancel
        </Button>
      )}
    </Group>
  );
}

function CancelModal({ row, onClose }: { row: ManagedEventRow; onClose: () => void }) {
  const cancel = useCancelManagedEvent();
  return (
    <Modal opened onClose={onClose} title={`Cancel ${row.title}?`} centered>
      <Text size="sm">
        Everyone going ({row.going}) or on the waitlist ({row.waitlisted}) is told, and RSVPs close.
        This cannot be undone.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={cancel.isPending}>
          Keep the event
        </Button>
        <Button
          color="red"
          loading={cancel.isPending}
          onClick={() =>
            cancel.mutate(row.id, {
              onSuccess: () => {
                adminNotify.success('Event cancelled. Everyone going has been told.');
                onClose();
              },
              onError: (error) => adminNotify.failure('Could not cancel the event.', error),
            })
          }
        >
          Cancel event
        </Button>
      </Group>
    </Modal>
  );
}
