import type { MentorshipDetail } from '@alumnet/contract';
import {
  Alert,
  Button,
  Divider,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { notify } from '../../../lib/notify';
import { useLogSession } from '../api/mentoring';
import { failure, heldOn, minutesLine, today } from './mentoring-text';
import classes from './mentoring.module.css';
import { useTakenOver } from '../../../lib/use-taken-over';

/** The log of sessions, notes visible to both, and the form to log one while it is active. */
export function MentorshipSessions({ mentorship }: { mentorship: MentorshipDetail }) {
  const log = mentorship.sessionLog;
  const total = log.reduce((sum, s) => sum + s.minutes, 0);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="sessions-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="sessions-title">
            Sessions
          </Title>
          {log.length > 0 && (
            <Text size="sm" c="dimmed">
              {log.length === 1 ? '1 session' : `${log.length} sessions`} · {minutesLine(total)}
            </Text>
          )}
        </Group>
        {log.length === 0 ? (
          <Text size="sm" c="dimmed">
            No sessions logged yet.
          </Text>
        ) : (
          <Stack
            component="ul"
            gap={0}
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label="Session log"
          >
            {log.map((session, i) => (
              <li key={session.id} data-session-id={session.id}>
                {i > 0 && <Divider my="xs" />}
                <Group justify="space-between" gap="xs">
                  <Text fw={600} size="sm" data-testid="session-when">
                    <time dateTime={session.heldOn}>{heldOn(session.heldOn)}</time> ·{' '}
                    {minutesLine(session.minutes)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Logged by {session.loggedBy.fullName}
                  </Text>
                </Group>
                {session.notes && (
                  <Text size="sm" mt={4} className={classes.prose}>
                    {session.notes}
                  </Text>
                )}
              </li>
            ))}
          </Stack>
        )}
        {mentorship.mayEdit && <LogSession mentorshipId={mentorship.id} />}
      </Stack>
    </Paper>
  );
}

function LogSession({ mentorshipId }: { mentorshipId: string }) {
  const logSession = useLogSession(mentorshipId);
  const takenOver = useTakenOver();
  // When the page was opened: the date defaults to that day.
  const [now] = useState(Date.now);
  const [date, setDate] = useState(() => today(now));
  const [minutes, setMinutes] = useState<number | string>(45);
  const [notes, setNotes] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (logSession.isPending) return;
    if (!date) return setProblem('Date is required');
    if (minutes === '') return setProblem('Length is required');
    setProblem(null);
    logSession.mutate(
      { heldOn: date, minutes: Number(minutes), notes: notes.trim() },
      {
        onSuccess: () => {
          notify.success('Session logged.');
          setNotes('');
        },
        onError: (error) => setProblem(failure(error, 'The session could not be logged.')),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Log a session">
      <Stack gap="sm" pt="xs">
        <Divider label="Log a session" labelPosition="left" />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            type="date"
            label="Date"
            required
            max={today(now)}
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
          />
          <NumberInput
            label="Length (minutes)"
            required
            min={5}
            max={600}
            step={15}
            allowDecimal={false}
            value={minutes}
            onChange={setMinutes}
          />
        </SimpleGrid>
        <Textarea
          label="Notes"
          description="Both of you can read them."
          placeholder="What you talked about, what comes next"
          autosize
          minRows={2}
          maxRows={8}
          maxLength={5000}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
        />
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Button type="submit" w="fit-content" loading={!takenOver || logSession.isPending}>
          Log session
        </Button>
      </Stack>
    </form>
  );
}
