import {
  Alert,
  Button,
  CopyButton,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCalendarPlus, IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { notify } from '../../../lib/notify';
import { calendarFeedQuery, useResetCalendarFeed } from '../api/events';
import classes from './events.module.css';

/**
 * "Subscribe in your calendar": the member's private feed of what they are going to, for Google,
 * Apple or Outlook calendars; resetting it makes a new link and the old one stops working.
 */
export function CalendarFeed() {
  const feed = useQuery(calendarFeedQuery);
  const reset = useResetCalendarFeed();
  const [confirming, confirm] = useDisclosure(false);
  // Only in the browser: the page drawn by the server has no address of its own to show.
  const url = feed.data ? `${window.location.origin}${feed.data.path}` : null;
  const webcal = url?.replace(/^https?:\/\//, 'webcal://') ?? null;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="calendar-feed-title">
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          <IconCalendarPlus size={20} aria-hidden />
          <Title order={2} size="h5" id="calendar-feed-title">
            Subscribe in your calendar
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          The events you are going to, in Google, Apple or Outlook calendars, kept up to date. The
          link is yours alone: anyone who has it sees your events.
        </Text>
        {feed.isError && <Alert color="red">Your calendar link could not be loaded.</Alert>}
        {feed.isPending && <Skeleton h={48} />}
        {url && webcal && (
          <>
            <Text size="sm" className={classes.feedUrl} data-testid="calendar-feed-url">
              {url}
            </Text>
            <Group gap="xs">
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button
                    size="xs"
                    variant="light"
                    color={copied ? 'teal' : undefined}
                    leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                    onClick={copy}
                  >
                    {copied ? 'Copied' : 'Copy link'}
                  </Button>
                )}
              </CopyButton>
              <Button size="xs" variant="light" component="a" href={webcal}>
                Open in calendar app
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconRefresh size={14} />}
                onClick={confirm.open}
              >
                Reset link
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              In Google Calendar: Other calendars → From URL, and paste the link.
            </Text>
          </>
        )}
      </Stack>
      <Modal opened={confirming} onClose={confirm.close} title="Reset your calendar link?" centered>
        <Text size="sm">
          Calendars subscribed with the current link stop updating; you will subscribe again with
          the new one.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={confirm.close} disabled={reset.isPending}>
            Keep it
          </Button>
          <Button
            color="red"
            loading={reset.isPending}
            onClick={() =>
              reset.mutate(undefined, {
                onSuccess: () => {
                  confirm.close();
                  notify.success('Your calendar link has changed; the old one no longer works.');
                },
                onError: (error) => notify.error(error.message),
              })
            }
          >
            Reset link
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
