import { QUIZ, QUIZ_MESSAGES, normalizeQuizCode } from '@alumnet/contract';
import { Alert, Button, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconDeviceGamepad2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTakenOver } from '../../../lib/use-taken-over';

interface CodeEntryProps {
  initialCode: string;
  busy: boolean;
  error: string | null;
  onSubmit: (code: string) => void;
}

/** Step 1: the game's six-character code (member-portal.md §5 code rules). */
export function CodeEntry({ initialCode, busy, error, onSubmit }: CodeEntryProps) {
  const [code, setCode] = useState(initialCode);
  const [required, setRequired] = useState(false);
  const takenOver = useTakenOver();
  const complete = code.length === QUIZ.codeLength;

  const attempt = () => {
    if (code === '') {
      setRequired(true);
      return;
    }
    // The Enter key, like the button, does nothing until the code is whole.
    if (complete && !busy) onSubmit(code);
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    attempt();
  };

  return (
    <form method="post" onSubmit={submit} noValidate>
      <Stack gap="md">
        <Stack align="center" gap="xs">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconDeviceGamepad2 size={30} />
          </ThemeIcon>
          <Title order={1} size="h2" ta="center">
            {QUIZ_MESSAGES.heading}
          </Title>
          <Text c="dimmed" size="sm" ta="center">
            Enter the code shown on the host&apos;s screen.
          </Text>
        </Stack>
        <TextInput
          label="Quiz code"
          name="code"
          placeholder="ABC123"
          value={code}
          onChange={(event) => {
            setCode(normalizeQuizCode(event.currentTarget.value));
            setRequired(false);
          }}
          error={required ? QUIZ_MESSAGES.codeRequired : undefined}
          size="lg"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={QUIZ.codeLength}
          styles={{
            input: { textAlign: 'center', letterSpacing: '0.3em', fontWeight: 700 },
          }}
          // A browser skips Enter while the form's button is disabled; the empty code still
          // needs its message.
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            attempt();
          }}
        />
        {error && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" size="lg" fullWidth disabled={!complete} loading={!takenOver || busy}>
          Enter
        </Button>
      </Stack>
    </form>
  );
}

/** Step 2 when the code is unknown (game-status answered 404). */
export function NotFound({ onTryAgain }: { onTryAgain: () => void }) {
  return (
    <Stack align="center" gap="md" ta="center" role="alert">
      <ThemeIcon size={56} radius="xl" variant="light" color="red">
        <IconAlertTriangle size={30} />
      </ThemeIcon>
      <Title order={1} size="h2">
        {QUIZ_MESSAGES.notFoundTitle}
      </Title>
      <Text>{QUIZ_MESSAGES.notFound}</Text>
      <Button size="lg" fullWidth onClick={onTryAgain}>
        {QUIZ_MESSAGES.tryAgain}
      </Button>
    </Stack>
  );
}
