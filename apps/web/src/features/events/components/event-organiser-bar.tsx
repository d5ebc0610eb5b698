import type { EventDetail } from '@alumnet/contract';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBan, IconEdit, IconListCheck, IconQrcode } from '@tabler/icons-react';
import { Link } from 'react-router';
import { pathTo, paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { useCancelEvent } from '../api/events';

/** The organisers' ways from the event's page: edit, attendees, check-in, and cancelling it. */
export function EventOrganiserBar({ event }: { event: EventDetail }) {
  const cancel = useCancelEvent(event.id);
  const [confirming, confirm] = useDisclosure(false);
  const manage = (what: string) => `${paths.manageEvents}?${what}=${encodeURIComponent(event.id)}`;
  return (
    <Group gap="xs" component="nav" aria-label="Organise this event">
      {!event.cancelled && (
        <Button
          component={Link}
          to={manage('edit')}
          size="xs"
          variant="light"
          leftSection={<IconEdit size={16} />}
        >
          Edit
        </Button>
      )}
      <Button
        component={Link}
        to={manage('attendees')}
        size="xs"
        variant="light"
        leftSection={<IconListCheck size={16} />}
      >
        Attendees
      </Button>
      {!event.cancelled && (
        <Button
          component={Link}
          to={pathTo(paths.eventCheckIn, { id: event.id })}
          size="xs"
          variant="light"
          leftSection={<IconQrcode size={16} />}
        >
          Check-in
        </Button>
      )}
      {!event.cancelled && (
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconBan size={16} />}
          onClick={confirm.open}
        >
          Cancel event
        </Button>
      )}
      <Modal opened={confirming} onClose={confirm.close} title="Cancel this event?" centered>
        <Text size="sm">
          Everyone going or on the waitlist is told, and RSVPs close. This cannot be undone.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={confirm.close} disabled={cancel.isPending}>
            Keep the event
          </Button>
          <Button
            color="red"
            loading={cancel.isPending}
            onClick={() =>
              cancel.mutate(undefined, {
                onSuccess: () => {
                  confirm.close();
                  notify.success('Event cancelled. Everyone going has been told.');
                },
                onError: (error) => notify.error(error.message),
              })
            }
          >
            Cancel event
          </Button>
        </Group>
      </Modal>
    </Group>
  );
}
