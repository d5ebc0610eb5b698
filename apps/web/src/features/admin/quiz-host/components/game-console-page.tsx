import { normalizeQuizCode, type HostState } from '@alumnet/contract';
import { Badge, Button, Center, Group, Loader, Paper, Stack } from '@mantine/core';
import { IconArrowRight, IconPlayerStop, IconWifi, IconWifiOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { paths, pathTo } from '../../../../config/paths';
import { GameNotLoaded } from './game-not-loaded';
import { AdminOnly } from '../../shared/components/admin-only';
import { PageHeader } from '../../shared/components/page-header';
import { adminNotify } from '../../shared/notify';
import { gameQuery, useHostAction, type HostAction } from '../api/game';
import { useHostSocket } from '../hooks/use-host-socket';
import { EndGameDialog } from './end-game-dialog';
import { GameLobby } from './game-lobby';
import { GamePodium } from './game-podium';
import { GameQuestion } from './game-question';
import { GameResults } from './game-results';

/** `/dashboard/quiz/game/:code`: the host's console for one game, meant for a projector. */
export function GameConsolePage() {
  return (
    <AdminOnly>
      <GameConsole />
    </AdminOnly>
  );
}

const ACTION_FAILED: Record<HostAction, string> = {
  start: 'Could not start the game.',
  next: 'Could not move to the next step.',
  end: 'Could not end the game.',
};

function GameConsole() {
  const code = normalizeQuizCode(useParams().code ?? '');
  const [connected, setConnected] = useState(false);
  // The socket pushes every change; reading the game every 2 s covers only its absence.
  const game = useQuery(gameQuery(code, !connected));
  const state = game.data;
  const missing = !state && game.isError;
  useHostSocket(code, state?.status !== 'finished' && !missing, setConnected);

  const action = useHostAction(code);
  const [confirmEnd, setConfirmEnd] = useState(false);
  // A ref, not isPending: two clicks of one double click both run before React re-renders.
  const acting = useRef(false);
  async function run(which: HostAction) {
    if (acting.current) return;
    acting.current = true;
    try {
      await action.mutateAsync({
        action: which,
        ...(state
          ? { from: { status: state.status, question_number: state.question_number } }
          : {}),
      });
    } catch (error) {
      adminNotify.failure(ACTION_FAILED[which], error);
    } finally {
      acting.current = false;
    }
    if (which === 'end') setConfirmEnd(false);
  }

  return (
    <Stack gap="lg" maw={1280} mx="auto" w="100%">
      <PageHeader
        back={paths.quizHost}
        backLabel="Quizzes"
        title={state?.title ?? `Game ${code}`}
        description={state ? `Game ${state.code}` : undefined}
      >
        {state && state.status !== 'finished' && (
          <Group gap="xs">
            <Badge
              variant="light"
              color={connected ? 'green' : 'orange'}
              leftSection={connected ? <IconWifi size={12} /> : <IconWifiOff size={12} />}
            >
              {connected ? 'Live' : 'Reconnecting…'}
            </Badge>
            <Button
              variant="light"
              color="red"
              leftSection={<IconPlayerStop size={16} />}
              onClick={() => setConfirmEnd(true)}
            >
              End game
            </Button>
          </Group>
        )}
      </PageHeader>

      {state ? (
        <Stage
          state={state}
          busy={action.isPending}
          onStart={() => run('start')}
          onNext={() => run('next')}
        />
      ) : missing ? (
        <GameNotLoaded code={code} error={game.error} fallback="Could not load the game." />
      ) : (
        <Center py="xl">
          <Loader aria-label="Loading the game" />
        </Center>
      )}

      <EndGameDialog
        opened={confirmEnd}
        busy={action.isPending && action.variables.action === 'end'}
        onConfirm={() => run('end')}
        onClose={() => setConfirmEnd(false)}
      />
    </Stack>
  );
}

/** What the room sees at each step of the game. */
function Stage({
  state,
  busy,
  onStart,
  onNext,
}: {
  state: HostState;
  busy: boolean;
  onStart: () => void;
  onNext: () => void;
}) {
  const { status, question } = state;
  if (status === 'lobby') {
    const joinUrl = `${window.location.origin}${pathTo(paths.quizWithCode, { code: state.code })}`;
    return <GameLobby state={state} joinUrl={joinUrl} starting={busy} onStart={onStart} />;
  }
  if (status === 'finished') return <GamePodium state={state} />;
  if (!question) {
    return (
      <Center py="xl">
        <Loader aria-label="Waiting for the question" />
      </Center>
    );
  }
  if (status === 'question') return <GameQuestion state={state} question={question} />;
  const last = state.question_number >= state.total_questions;
  return (
    <Stack gap="lg">
      <GameResults state={state} question={question} />
      <Paper withBorder radius="md" p="md">
        <Group justify="flex-end">
          <Button
            size="lg"
            rightSection={<IconArrowRight size={20} />}
            onClick={onNext}
            loading={busy}
          >
            {last ? 'Show podium' : 'Next question'}
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}
