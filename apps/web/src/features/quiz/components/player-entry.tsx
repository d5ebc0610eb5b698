import {
  QUIZ_MESSAGES,
  validateUserBody,
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
import { IconAlertTriangle, IconMail, IconUserCheck } from '@tabler/icons-react';
import { useState } from 'react';

const STATUS_LABEL: Record<GameStatus, string> = {
  lobby: 'Waiting to start',
  question: 'In progress',
  results: 'In progress',
  finished: 'Finished',
};

interface EmailEntryProps {
  code: string;
  info: GameStatusAnswer | null;
  busy: boolean;
  error: string | null;
  onBack: () => void;
  onValidate: (email: string) => void;
}

/** Step 3: the game found; the player says who they are by their member e-mail. */
export function EmailEntry({ code, info, busy, error, onBack, onValidate }: EmailEntryProps) {
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (email === '' || busy) return;
    const parsed = validateUserBody.safeParse({ email_id: email });
    setInvalid(!parsed.success);
    if (parsed.success) onValidate(parsed.data.email_id);
  };

  return (
    <form onSubmit={submit} noValidate>
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
        <TextInput
          type="email"
          label="Your e-mail"
          description="The e-mail address of your Alumnet account"
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
        {error && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
            {error}
          </Alert>
        )}
        {/* Back takes what its word needs, so 'Validate Email' fits on a 390 px phone. */}
        <Group wrap="nowrap" gap="sm">
          <Button variant="default" size="lg" onClick={onBack}>
            {QUIZ_MESSAGES.back}
          </Button>
          <Button type="submit" size="lg" flex={1} disabled={email === '' || busy} loading={busy}>
            {QUIZ_MESSAGES.validateEmail}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0} align="center" ta="center">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
    </Stack>
  );
}

interface WelcomeProps {
  name: string;
  busy: boolean;
  error: string | null;
  onBack: () => void;
  onJoin: () => void;
}

/** Step 4: the member is known; one tap joins the game. */
export function Welcome({ name, busy, error, onBack, onJoin }: WelcomeProps) {
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
          Join the game and wait for the host to start it.
        </Text>
      </Stack>
      {error && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          {error}
        </Alert>
      )}
      <Group wrap="nowrap" gap="sm">
        <Button variant="default" size="lg" onClick={onBack}>
          {QUIZ_MESSAGES.back}
        </Button>
        <Button size="lg" flex={1} onClick={onJoin} loading={busy}>
          {QUIZ_MESSAGES.joinGame}
        </Button>
      </Group>
    </Stack>
  );
}
