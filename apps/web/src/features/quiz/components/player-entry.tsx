import {
  QUIZ_EMAIL_CODE,
  QUIZ_MESSAGES,
  QUIZ_PLAY_MESSAGES,
  emailCodeBody,
  emailCodeDigits,
  type GameStatus,
  type GameStatusAnswer,
} from '@alumnet/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconKey, IconMail, IconUserCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTakenOver } from '../../../lib/use-taken-over';
import { teamColor } from '../utils/teams';
import { Fact } from './fact';

const STATUS_LABEL: Record<GameStatus, string> = {
  lobby: 'Waiting to start',
  question: 'In progress',
  results: 'In progress',
  finished: 'Finished',
};

interface EmailEntryProps {
  code: string;
  info: GameStatusAnswer | null;
  /** The signed-in member's address; null for a visitor; undefined until the session is known. */
  signedInEmail: string | null | undefined;
  /** A visitor's address a code was asked for, and what the server said about it. */
  codeSent: { email: string; message: string } | null;
  sending: boolean;
  sendError: string | null;
  busy: boolean;
  error: string | null;
  onBack: () => void;
  onSendCode: (email: string) => void;
  onOtherEmail: () => void;
  onValidate: (who: { email_id: string; code?: string }) => void;
}

/**
 * Step 3: the game found; the player says who they are. A signed-in member plays as themselves
 * (their address, fixed); a visitor proves the address with the code e-mailed to it.
 */
export function EmailEntry(props: EmailEntryProps) {
  const { code, info, signedInEmail, codeSent } = props;
  return (
    <Stack gap="md">
      <Stack gap={4} align="center" ta="center">
        <Title order={1} size="h2">
          {info?.title || 'Quiz found'}
        </Title>
        <Badge size="lg" variant="light" aria-label={`Quiz code ${code}`}>
          {code}
        </Badge>
      </Stack>
      {info && (
        <SimpleGrid cols={3} spacing="xs">
          <Fact label="Status" value={STATUS_LABEL[info.status]} />
          <Fact label="Questions" value={String(info.total_questions)} />
          <Fact label="Players" value={String(info.players_count)} />
        </SimpleGrid>
      )}
      {signedInEmail ? (
        <MemberForm {...props} email={signedInEmail} />
      ) : codeSent ? (
        <CodeForm {...props} sent={codeSent} />
      ) : (
        <VisitorForm {...props} waiting={signedInEmail === undefined} />
      )}
    </Stack>
  );
}

function ErrorAlert({ error }: { error: string | null }) {
  return error ? (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
      {error}
    </Alert>
  ) : null;
}

/** Back takes what its word needs, so the other button's words fit on a 390 px phone. */
function Buttons(props: {
  onBack: () => void;
  label: string;
  loading: boolean;
  disabled?: boolean;
}) {
  return (
    <Group wrap="nowrap" gap="sm">
      <Button variant="default" size="lg" onClick={props.onBack}>
        {QUIZ_MESSAGES.back}
      </Button>
      <Button type="submit" size="lg" flex={1} disabled={props.disabled} loading={props.loading}>
        {props.label}
      </Button>
    </Group>
  );
}

/** A signed-in member: their own address, not editable; the session stands for a code. */
function MemberForm({
  email,
  busy,
  error,
  onBack,
  onValidate,
}: EmailEntryProps & { email: string }) {
  const takenOver = useTakenOver();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!busy) onValidate({ email_id: email });
  };
  return (
    <form method="post" noValidate onSubmit={submit}>
      <Stack gap="md">
        <TextInput
          type="email"
          name="email_id"
          label="Your e-mail"
          description="You are signed in, so you play as yourself."
          leftSection={<IconMail size={18} />}
          value={email}
          readOnly
          size="lg"
        />
        <ErrorAlert error={error} />
        <Buttons onBack={onBack} label={QUIZ_MESSAGES.validateEmail} loading={!takenOver || busy} />
      </Stack>
    </form>
  );
}

/** A visitor: the address first, to which a code is sent. */
function VisitorForm({
  codeSent,
  sending,
  sendError,
  onBack,
  onSendCode,
  waiting,
}: EmailEntryProps & { waiting: boolean }) {
  const takenOver = useTakenOver();
  const [email, setEmail] = useState(codeSent?.email ?? '');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (email === '' || sending || waiting) return;
    const parsed = emailCodeBody.safeParse({ email_id: email });
    setInvalid(!parsed.success);
    if (parsed.success) onSendCode(parsed.data.email_id);
  };
  return (
    <form method="post" noValidate onSubmit={submit}>
      <Stack gap="md">
        <TextInput
          type="email"
          name="email_id"
          label="Your e-mail"
          description="The e-mail address of your Alumnet account. We send it a code to type next."
          placeholder="you@example.com"
          leftSection={<IconMail size={18} />}
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setInvalid(false);
          }}
          error={invalid ? QUIZ_MESSAGES.emailInvalid : undefined}
          size="lg"
          autoComplete="email"
        />
        <ErrorAlert error={sendError} />
        <Buttons
          onBack={onBack}
          label="Send code"
          disabled={email === ''}
          loading={!takenOver || sending || waiting}
        />
      </Stack>
    </form>
  );
}

/** A visitor again: the six digits from the e-mail. */
function CodeForm({
  sent,
  busy,
  error,
  onBack,
  onOtherEmail,
  onValidate,
}: EmailEntryProps & { sent: { email: string; message: string } }) {
  const takenOver = useTakenOver();
  const [digits, setDigits] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (digits === '' || busy) return;
    const parsed = emailCodeDigits.safeParse(digits);
    setInvalid(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
    if (parsed.success) onValidate({ email_id: sent.email, code: parsed.data });
  };
  return (
    <form method="post" noValidate onSubmit={submit}>
      <Stack gap="md">
        <Alert color="blue" icon={<IconMail size={18} />} role="status">
          {sent.message} ({sent.email})
        </Alert>
        <TextInput
          name="code"
          label="Code from the e-mail"
          description={`${QUIZ_EMAIL_CODE.digits} digits, valid for ${QUIZ_EMAIL_CODE.minutes} minutes`}
          placeholder="123456"
          leftSection={<IconKey size={18} />}
          value={digits}
          onChange={(event) => {
            setDigits(
              event.currentTarget.value.replace(/\D/g, '').slice(0, QUIZ_EMAIL_CODE.digits),
            );
            setInvalid(null);
          }}
          error={invalid ?? undefined}
          size="lg"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={QUIZ_EMAIL_CODE.digits}
          styles={{ input: { letterSpacing: '0.3em', fontWeight: 700 } }}
        />
        <ErrorAlert error={error} />
        <Buttons
          onBack={onBack}
          label={QUIZ_MESSAGES.validateEmail}
          disabled={digits === ''}
          loading={!takenOver || busy}
        />
        <Button variant="subtle" onClick={onOtherEmail}>
          Use another e-mail or get a new code
        </Button>
      </Stack>
    </form>
  );
}

interface WelcomeProps {
  name: string;
  /** The game's teams in team mode; null without teams. */
  teams: string[] | null;
  /** Whether the player picks their team (else the server places them). */
  chooseTeam: boolean;
  /** The team picked, 0-based. */
  team: number | null;
  busy: boolean;
  error: string | null;
  onPickTeam: (team: number) => void;
  onBack: () => void;
  onJoin: () => void;
}

/** Step 4: the member is known; one tap joins the game (after picking a team, where players pick). */
export function Welcome(props: WelcomeProps) {
  const { name, teams, chooseTeam, team, busy, onBack, onJoin } = props;
  const [teamMissing, setTeamMissing] = useState(false);
  const picking = teams !== null && chooseTeam;
  const error = props.error ?? (teamMissing ? QUIZ_PLAY_MESSAGES.teamNeeded : null);
  return (
    <Stack gap="md" align="stretch">
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="green">
          <IconUserCheck size={30} />
        </ThemeIcon>
        <Title order={1} size="h2">
          Welcome, {name}!
        </Title>
        <Text c="dimmed" size="sm">
          {teams && !chooseTeam
            ? 'You play in a team: the game places you in one when you join.'
            : 'Join the game and wait for the host to start it.'}
        </Text>
      </Stack>
      {picking && (
        <Stack gap="xs">
          <Title order={2} size="h4" id="pick-team">
            {QUIZ_PLAY_MESSAGES.pickTeam}
          </Title>
          <SimpleGrid cols={2} spacing="sm" role="group" aria-labelledby="pick-team">
            {teams.map((teamName, index) => (
              <Button
                key={teamName}
                size="lg"
                h={64}
                color={teamColor(teamName)}
                variant={team === index ? 'filled' : 'light'}
                aria-pressed={team === index}
                onClick={() => {
                  setTeamMissing(false);
                  props.onPickTeam(index);
                }}
              >
                {teamName}
              </Button>
            ))}
          </SimpleGrid>
        </Stack>
      )}
      {error && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          {error}
        </Alert>
      )}
      <Group wrap="nowrap" gap="sm">
        <Button variant="default" size="lg" onClick={onBack}>
          {QUIZ_MESSAGES.back}
        </Button>
        <Button
          size="lg"
          flex={1}
          onClick={() => {
            if (picking && team === null) setTeamMissing(true);
            else onJoin();
          }}
          loading={busy}
        >
          {QUIZ_MESSAGES.joinGame}
        </Button>
      </Group>
    </Stack>
  );
}
