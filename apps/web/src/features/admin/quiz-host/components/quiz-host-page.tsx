import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths, pathTo } from '../../../../config/paths';
import { AdminOnly } from '../../shared/components/admin-only';
import { CollegeSelect } from '../../shared/components/college-select';
import { PageHeader } from '../../shared/components/page-header';
import { useAdminCollege } from '../../shared/hooks/use-admin-college';
import { serverMessage } from '../../shared/utils/errors';
import { quizzesQuery } from '../api/quizzes';
import { ChallengeDialog } from './challenge-dialog';
import { DeleteQuizDialog } from './delete-quiz-dialog';
import { PastGames } from './past-games';
import { QuizEditor } from './quiz-editor';
import { QuizList, type QuizRowAction } from './quiz-list';
import { StartGameDialog } from './start-game-dialog';

/** `/dashboard/quiz` (ours; PRODUCT.md "Live quiz"): the college's quizzes and their games. */
export function QuizHostPage() {
  return (
    <AdminOnly>
      <QuizHost />
    </AdminOnly>
  );
}

type Editing = { quizId: string | null } | null;
type Picked = { _id: string; title: string } | null;

function QuizHost() {
  const navigate = useNavigate();
  const { college, collegeId, isSuperAdmin, isLoading } = useAdminCollege();
  // A super admin names the college; a college admin's own is the server's choice.
  const scope = isSuperAdmin ? collegeId : '';
  const quizzes = useQuery({
    ...quizzesQuery(scope),
    enabled: !isSuperAdmin || (!isLoading && Boolean(collegeId)),
  });
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Picked>(null);
  const [starting, setStarting] = useState<Picked>(null);
  const [assigning, setAssigning] = useState<Picked>(null);

  const onAction: QuizRowAction = (action, quiz) => {
    if (action === 'edit') setEditing({ quizId: quiz._id });
    else if (action === 'delete') setDeleting(quiz);
    else if (action === 'start') setStarting(quiz);
    else if (action === 'challenge') setAssigning(quiz);
    else if (quiz.liveCode) void navigate(pathTo(paths.quizHostGame, { code: quiz.liveCode }));
  };

  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <PageHeader
        back={paths.home}
        title="Live Quiz"
        description={
          college
            ? `${college.name}: write a quiz, start a game and let members join with its code.`
            : 'Write a quiz, start a game and let members join with its code.'
        }
      >
        <Group gap="xs">
          <CollegeSelect />
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ quizId: null })}>
            New quiz
          </Button>
        </Group>
      </PageHeader>

      {quizzes.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{serverMessage(quizzes.error, 'Could not load the quizzes.')}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => quizzes.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : !quizzes.data ? (
        <Center py="xl">
          <Loader aria-label="Loading quizzes" />
        </Center>
      ) : quizzes.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No quizzes yet. Press New quiz to write the first one.
        </Text>
      ) : (
        <QuizList quizzes={quizzes.data} onAction={onAction} />
      )}

      <Stack gap="sm" component="section" aria-labelledby="past-games">
        <Title order={2} size="h3" id="past-games">
          Games
        </Title>
        <PastGames
          collegeId={scope}
          enabled={!isSuperAdmin || (!isLoading && Boolean(collegeId))}
        />
      </Stack>

      <QuizEditor
        key={editing?.quizId ?? 'new'}
        opened={editing !== null}
        quizId={editing?.quizId ?? null}
        collegeId={isSuperAdmin ? collegeId : undefined}
        onClose={() => setEditing(null)}
      />
      <DeleteQuizDialog quiz={deleting} onClose={() => setDeleting(null)} />
      <StartGameDialog quiz={starting} onClose={() => setStarting(null)} />
      <ChallengeDialog quiz={assigning} onClose={() => setAssigning(null)} />
    </Stack>
  );
}
