import { QUIZ, startChallengeBody } from '@alumnet/contract';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  CopyButton,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconAlertCircle, IconCheck, IconCopy, IconSend } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { paths, pathTo } from '../../../../config/paths';
import { isoToLocalInput, localInputToIso } from '../../../../lib/event-time';
import { useTimeZone } from '../../../../lib/time-zone';
import { serverMessage } from '../../shared/utils/errors';
import { useStartChallenge } from '../api/quizzes';
import {
  GameSettingsFields,
  defaultSettingsDraft,
  readSettings,
  type SettingsDraft,
} from './game-settings-fields';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The deadline's own check before the server's: a readable message, or null. */
export function deadlineProblem(iso: string | null, now = Date.now()): string | null {
  if (!iso) return 'Choose when the challenge closes';
  const at = new Date(iso).getTime();
  if (at < now + QUIZ.challengeMinMinutes * MINUTE)
    return `The challenge closes at least ${QUIZ.challengeMinMinutes} minutes from now`;
  if (at > now + QUIZ.challengeMaxDays * DAY)
    return `The challenge closes within ${QUIZ.challengeMaxDays} days`;
  return null;
}

/** Assign as challenge: a deadline and the scoring, then the link members play it at. */
export function ChallengeDialog({
  quiz,
  onClose,
}: {
  quiz: { _id: string; title: string } | null;
  onClose: () => void;
}) {
  const assign = useStartChallenge();
  return (
    <Modal
      opened={quiz !== null}
      onClose={() => !assign.isPending && onClose()}
      title="Assign as challenge"
      centered
    >
      {quiz && <ChallengeForm key={quiz._id} quiz={quiz} assign={assign} onClose={onClose} />}
    </Modal>
  );
}

function ChallengeForm({
  quiz,
  assign,
  onClose,
}: {
  quiz: { _id: string; title: string };
  assign: ReturnType<typeof useStartChallenge>;
  onClose: () => void;
}) {
  const timeZone = useTimeZone();
  // A week ahead by default: long enough for members to find a moment.
  const [deadline, setDeadline] = useState(() =>
    isoToLocalInput(new Date(Date.now() + 7 * DAY).toISOString(), timeZone),
  );
  const [draft, setDraft] = useState<SettingsDraft>(defaultSettingsDraft);
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [code, setCode] = useState<string | null>(null);
  const read = readSettings(draft);
  const deadlineIso = deadline ? localInputToIso(deadline, timeZone) : null;
  const deadlineError = tried ? deadlineProblem(deadlineIso) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (assign.isPending) return;
    setTried(true);
    setRefusal(null);
    if (!read.settings || deadlineProblem(deadlineIso)) return;
    const { speedScoring, streakBonus, podiumSize } = read.settings;
    const parsed = startChallengeBody.safeParse({
      deadline: deadlineIso,
      settings: { speedScoring, streakBonus, podiumSize },
    });
    if (!parsed.success) return setRefusal(parsed.error.issues[0]?.message ?? 'Check the form.');
    try {
      setCode((await assign.mutateAsync({ quizId: quiz._id, body: parsed.data })).code);
    } catch (error) {
      setRefusal(serverMessage(error, 'Could not assign the challenge.'));
    }
  }

  if (code) {
    const link = `${window.location.origin}${pathTo(paths.quizChallenge, { code })}`;
    return (
      <Stack gap="md">
        <Text>The challenge is open. Share this link with the members who should play it:</Text>
        <Group gap={4} wrap="nowrap" maw="100%">
          <Anchor
            href={link}
            target="_blank"
            rel="noreferrer"
            fw={600}
            style={{ overflowWrap: 'anywhere' }}
          >
            {link}
          </Anchor>
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy the link'}>
                <ActionIcon variant="subtle" onClick={copy} aria-label="Copy the challenge link">
                  {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {quiz.title}: members play it alone, once, at their own pace, until the deadline.
        </Text>
        <TextInput
          type="datetime-local"
          label="Closes at"
          required
          value={deadline}
          onChange={(e) => setDeadline(e.currentTarget.value)}
          error={deadlineError}
        />
        <GameSettingsFields
          draft={draft}
          errors={read.errors ?? {}}
          onChange={setDraft}
          withTeams={false}
        />
        {refusal && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={assign.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            leftSection={<IconSend size={16} />}
            loading={assign.isPending}
            disabled={read.errors !== null}
          >
            Assign
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
