import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconPlayerPlay } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths, pathTo } from '../../../../config/paths';
import { serverMessage } from '../../shared/utils/errors';
import { useStartGame } from '../api/quizzes';
import {
  GameSettingsFields,
  defaultSettingsDraft,
  readSettings,
  type SettingsDraft,
} from './game-settings-fields';

/** Start game: the scoring the host chooses for this game, then its console. */
export function StartGameDialog({
  quiz,
  onClose,
}: {
  quiz: { _id: string; title: string } | null;
  onClose: () => void;
}) {
  const start = useStartGame();
  return (
    <Modal
      opened={quiz !== null}
      onClose={() => !start.isPending && onClose()}
      title="Start a game"
      centered
    >
      {quiz && <StartForm key={quiz._id} quiz={quiz} start={start} onClose={onClose} />}
    </Modal>
  );
}

function StartForm({
  quiz,
  start,
  onClose,
}: {
  quiz: { _id: string; title: string };
  start: ReturnType<typeof useStartGame>;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<SettingsDraft>(defaultSettingsDraft);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { errors } = readSettings(draft);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (start.isPending) return;
    setRefusal(null);
    const { settings } = readSettings(draft);
    if (!settings) return;
    try {
      const { code } = await start.mutateAsync({ quizId: quiz._id, settings });
      onClose();
      await navigate(pathTo(paths.quizHostGame, { code }));
    } catch (error) {
      setRefusal(serverMessage(error, 'Could not start the game.'));
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {quiz.title}: players join with the code on the next screen.
        </Text>
        <GameSettingsFields draft={draft} errors={errors ?? {}} onChange={setDraft} withTeams />
        {refusal && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={start.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            leftSection={<IconPlayerPlay size={16} />}
            loading={start.isPending}
            disabled={errors !== null}
          >
            Start
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
