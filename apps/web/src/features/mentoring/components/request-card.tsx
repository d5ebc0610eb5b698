import {
  MENTORING_MESSAGES,
  MENTORING_TEXT,
  type MentoringRequest,
  type MentoringRequestStatus,
} from '@alumnet/contract';
import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { pathTo, paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { useAcceptRequest, useDeclineRequest, useWithdrawRequest } from '../api/mentoring';
import { day, expiresIn, failure } from './mentoring-text';
import { PersonLine } from './person-line';
import classes from './mentoring.module.css';
import { useTakenOver } from '../../../lib/use-taken-over';

const STATUS: Record<MentoringRequestStatus, { label: string; color: string }> = {
  open: { label: 'Waiting', color: 'blue' },
  accepted: { label: 'Accepted', color: 'green' },
  declined: { label: 'Declined', color: 'red' },
  expired: { label: 'Expired', color: 'gray' },
  withdrawn: { label: 'Withdrawn', color: 'gray' },
};

/**
 * One request, to the member (`incoming`: they are the mentor asked) or from them. An open one
 * carries its answers: accept with a first note or decline for the mentor, withdraw for the mentee.
 */
export function RequestCard({
  request,
  incoming,
  now,
  highlighted,
}: {
  request: MentoringRequest;
  incoming: boolean;
  now: number;
  highlighted: boolean;
}) {
  const other = incoming ? request.mentee : request.mentor;
  const status = STATUS[request.status];
  const open = request.status === 'open';
  return (
    <Card
      component="article"
      withBorder
      radius="md"
      padding="md"
      id={`request-${request.id}`}
      aria-label={`${incoming ? 'Request from' : 'Request to'} ${other.fullName}`}
      className={highlighted ? classes.highlight : undefined}
      data-request-id={request.id}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <PersonLine person={other} role={incoming ? 'Mentee' : 'Mentor'} />
          <Badge color={status.color} variant="light" tt="none" style={{ flexShrink: 0 }}>
            {status.label}
          </Badge>
        </Group>
        <Stack gap={2}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            Goal
          </Text>
          <Text className={classes.prose}>{request.goal}</Text>
        </Stack>
        <Text size="sm" className={classes.prose}>
          {request.message}
        </Text>
        <Text size="xs" c="dimmed">
          Sent {day(request.createdAt)}
          {open && ` · ${expiresIn(request.expiresAt, now)}`}
          {request.answeredAt && !open && ` · answered ${day(request.answeredAt)}`}
        </Text>
        {request.status === 'declined' && request.reason && (
          <Text size="sm" c="dimmed" className={classes.prose}>
            Reason: {request.reason}
          </Text>
        )}
        {request.status === 'accepted' && request.mentorshipId && (
          <Anchor
            component={Link}
            to={pathTo(paths.mentorship, { id: request.mentorshipId })}
            size="sm"
          >
            Open the mentorship
          </Anchor>
        )}
        {open && incoming && <AnswerRequest request={request} />}
        {open && !incoming && <Withdraw request={request} />}
      </Stack>
    </Card>
  );
}

function AnswerRequest({ request }: { request: MentoringRequest }) {
  const [mode, setMode] = useState<'accept' | 'decline' | null>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const accept = useAcceptRequest();
  const decline = useDeclineRequest();
  const takenOver = useTakenOver();
  const pending = accept.isPending || decline.isPending;
  const name = request.mentee.fullName;

  const choose = (next: 'accept' | 'decline' | null) => {
    setMode(next);
    setText('');
    setProblem(null);
  };

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending) return;
    setProblem(null);
    const onError = (error: Error) => setProblem(failure(error));
    if (mode === 'accept') {
      if (!text.trim()) {
        setProblem('A first note is required');
        return;
      }
      accept.mutate(
        { id: request.id, note: text.trim() },
        { onSuccess: () => notify.success(`You are now ${name}'s mentor.`), onError },
      );
    } else {
      decline.mutate(
        { id: request.id, reason: text.trim() },
        { onSuccess: () => notify.success(MENTORING_MESSAGES.declined), onError },
      );
    }
  }

  if (!mode) {
    return (
      <Group gap="sm">
        <Button onClick={() => choose('accept')}>Accept</Button>
        <Button variant="default" onClick={() => choose('decline')}>
          Decline
        </Button>
      </Group>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Textarea
          label={mode === 'accept' ? 'First note' : 'Reason (optional)'}
          description={
            mode === 'accept'
              ? `${name} reads it on your mentorship's page: how and when you would like to meet.`
              : `${name} is told the request was declined, with your reason if you give one.`
          }
          required={mode === 'accept'}
          autosize
          minRows={3}
          maxLength={mode === 'accept' ? MENTORING_TEXT.message : 500}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          data-autofocus
        />
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group gap="sm">
          <Button
            type="submit"
            color={mode === 'accept' ? undefined : 'red.8'}
            loading={!takenOver || pending}
            aria-label={
              mode === 'accept'
                ? `Accept and start mentoring ${name}`
                : `Decline request from ${name}`
            }
          >
            {mode === 'accept' ? 'Accept and start' : 'Decline request'}
          </Button>
          <Button variant="subtle" color="gray" onClick={() => choose(null)} disabled={pending}>
            Back
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Withdraw({ request }: { request: MentoringRequest }) {
  const withdraw = useWithdrawRequest();
  const [sure, setSure] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const run = () =>
    withdraw.mutate(request.id, {
      onSuccess: () => notify.success(MENTORING_MESSAGES.withdrawn),
      onError: (error) => setProblem(failure(error)),
    });
  return (
    <Stack gap="xs">
      {sure ? (
        <Group gap="sm">
          <Text size="sm">Take this request back?</Text>
          <Button size="xs" color="red.8" loading={withdraw.isPending} onClick={run}>
            Withdraw
          </Button>
          <Button size="xs" variant="subtle" color="gray" onClick={() => setSure(false)}>
            Keep it
          </Button>
        </Group>
      ) : (
        <Button variant="default" size="xs" w="fit-content" onClick={() => setSure(true)}>
          Withdraw request
        </Button>
      )}
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
