import type { CheckInAnswer } from '@alumnet/contract';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { MemberLayout } from '../../../../components/member-layout';
import { pathTo, paths } from '../../../../config/paths';
import { clockTime } from '../../../../lib/event-time';
import { meQuery } from '../../../../lib/session';
import { useTimeZone } from '../../../../lib/time-zone';
import { useTakenOver } from '../../../../lib/use-taken-over';
import { serverMessage } from '../../shared/utils/errors';
import { attendeesQuery, manageEventQuery, useCheckIn } from '../api/events';
import { TicketScanner, canScan } from './ticket-scanner';

type Result =
  | { kind: 'in'; answer: CheckInAnswer }
  | { kind: 'already'; answer: CheckInAnswer }
  | { kind: 'refused'; message: string };

const guests = (n: number) => (n > 0 ? ` (+${n} ${n === 1 ? 'guest' : 'guests'})` : '');

/** `/dashboard/events/{id}/check-in` (issue 28): tickets scanned or typed in at the door. */
export function CheckInPage() {
  const { data } = useSuspenseQuery(meQuery);
  return <MemberLayout>{data.user && <CheckIn />}</MemberLayout>;
}

function CheckIn() {
  const { id = '' } = useParams();
  const timeZone = useTimeZone();
  const takenOver = useTakenOver();
  const event = useQuery(manageEventQuery(id));
  const attendees = useQuery(attendeesQuery(id));
  const checkIn = useCheckIn(id);
  const [ticket, setTicket] = useState('');
  const [result, setResult] = useState<Result | null>(null);
  const [attended, setAttended] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const send = useCallback(
    (code: string) => {
      const trimmed = code.trim();
      if (!trimmed) return;
      checkIn.mutate(trimmed, {
        onSuccess: (answer) => {
          setAttended(answer.attended);
          setResult({ kind: answer.already ? 'already' : 'in', answer });
          setTicket('');
          navigator.vibrate?.(answer.already ? [80, 60, 80] : 120);
        },
        onError: (error) =>
          setResult({ kind: 'refused', message: serverMessage(error, 'Check-in failed.') }),
      });
    },
    [checkIn],
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    if (checkIn.isPending) return;
    if (!ticket.trim()) return setResult({ kind: 'refused', message: 'Scan or type a ticket' });
    send(ticket);
    input.current?.focus();
  }

  if (event.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading the event" />
      </Center>
    );
  }
  if (event.isError) {
    return (
      <Alert color="red" maw={480} mx="auto">
        {serverMessage(event.error, 'The event could not be loaded.')}
      </Alert>
    );
  }
  const detail = event.data.event;
  if (!detail.mayOrganise) {
    return (
      <Alert color="yellow" maw={480} mx="auto">
        Only the organisers of this event can check people in.
      </Alert>
    );
  }
  const going = attendees.data?.figures.going ?? detail.going;
  const count = attended ?? attendees.data?.figures.attended ?? 0;

  return (
    <Stack gap="md" maw={480} mx="auto">
      <Anchor component={Link} to={pathTo(paths.event, { id })} size="sm">
        ← {detail.title}
      </Anchor>
      <Title order={1} size="h3">
        Check-in
      </Title>
      <Paper withBorder radius="md" p="md" ta="center">
        <Text fz={48} fw={800} lh={1} data-testid="attended-count" aria-live="polite">
          {count} / {going}
        </Text>
        <Text c="dimmed" size="sm">
          checked in of those going
        </Text>
      </Paper>
      {result && <ResultPanel result={result} timeZone={timeZone} />}
      {detail.cancelled && <Alert color="red">This event was cancelled.</Alert>}
      {canScan() && <TicketScanner onCode={send} />}
      <form method="post" noValidate onSubmit={submit}>
        <Stack gap="xs">
          <TextInput
            ref={input}
            label="Ticket code"
            name="ticket"
            size="md"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={ticket}
            onChange={(e) => setTicket(e.currentTarget.value)}
          />
          <Button type="submit" size="md" loading={!takenOver || checkIn.isPending}>
            Check in
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

function ResultPanel({ result, timeZone }: { result: Result; timeZone: string }) {
  if (result.kind === 'refused') {
    return (
      <Alert
        color="red"
        variant="filled"
        icon={<IconCircleX size={28} />}
        role="alert"
        title="Not checked in"
      >
        {result.message}
      </Alert>
    );
  }
  const { member, checkedInAt } = result.answer;
  if (result.kind === 'already') {
    return (
      <Alert
        color="orange"
        variant="light"
        style={{ border: '2px solid var(--mantine-color-orange-6)' }}
        icon={<IconAlertTriangle size={28} />}
        role="alert"
        title={`${member.fullName}${guests(member.guests)}`}
        data-testid="check-in-result"
      >
        Already checked in at {clockTime(checkedInAt, timeZone)}
      </Alert>
    );
  }
  return (
    <Alert
      color="green"
      variant="filled"
      icon={<IconCircleCheck size={28} />}
      role="status"
      title="Checked in"
      data-testid="check-in-result"
    >
      Checked in: {member.fullName}
      {guests(member.guests)}
    </Alert>
  );
}
