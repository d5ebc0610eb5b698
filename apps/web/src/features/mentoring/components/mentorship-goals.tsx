import { MENTORING_TEXT, type MentorshipDetail, type MentorshipGoal } from '@alumnet/contract';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useAddGoal, useDeleteGoal, useUpdateGoal } from '../api/mentoring';
import { failure } from './mentoring-text';
import { useTakenOver } from '../../../lib/use-taken-over';

/** The goals checklist: either side adds, ticks, rewords or removes a goal while it is active. */
export function MentorshipGoals({ mentorship }: { mentorship: MentorshipDetail }) {
  const [problem, setProblem] = useState<string | null>(null);
  const done = mentorship.goals.filter((g) => g.done).length;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="goals-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="goals-title">
            Goals
          </Title>
          {mentorship.goals.length > 0 && (
            <Text size="sm" c="dimmed" data-testid="goals-done">
              {done} of {mentorship.goals.length} done
            </Text>
          )}
        </Group>
        {mentorship.goals.length === 0 ? (
          <Text size="sm" c="dimmed">
            {mentorship.mayEdit
              ? 'No goals yet. Break the mentorship’s goal into steps you can tick off together.'
              : 'No goals were set.'}
          </Text>
        ) : (
          <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
            {mentorship.goals.map((goal) => (
              <GoalRow
                key={goal.id}
                goal={goal}
                mentorshipId={mentorship.id}
                mayEdit={mentorship.mayEdit}
                onProblem={setProblem}
              />
            ))}
          </Stack>
        )}
        {problem && (
          <Alert color="red" role="alert" withCloseButton onClose={() => setProblem(null)}>
            {problem}
          </Alert>
        )}
        {mentorship.mayEdit && <AddGoal mentorshipId={mentorship.id} onProblem={setProblem} />}
      </Stack>
    </Paper>
  );
}

function GoalRow({
  goal,
  mentorshipId,
  mayEdit,
  onProblem,
}: {
  goal: MentorshipGoal;
  mentorshipId: string;
  mayEdit: boolean;
  onProblem: (message: string | null) => void;
}) {
  const update = useUpdateGoal(mentorshipId);
  const remove = useDeleteGoal(mentorshipId);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(goal.text);
  const onError = (error: Error) => onProblem(failure(error));

  function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!text.trim()) return onProblem('Goal is required');
    onProblem(null);
    update.mutate(
      { goalId: goal.id, text: text.trim() },
      { onSuccess: () => setEditing(false), onError },
    );
  }

  if (editing) {
    return (
      <li>
        <form onSubmit={save} noValidate>
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              label="Goal"
              aria-label="Edit goal"
              value={text}
              maxLength={MENTORING_TEXT.goal}
              onChange={(e) => setText(e.currentTarget.value)}
              style={{ flex: 1 }}
              data-autofocus
            />
            <Button type="submit" size="sm" loading={update.isPending}>
              Save
            </Button>
            <Button size="sm" variant="subtle" color="gray" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </Group>
        </form>
      </li>
    );
  }
  return (
    <Group component="li" gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
      <Checkbox
        label={goal.text}
        checked={goal.done}
        disabled={!mayEdit}
        onChange={(e) => {
          onProblem(null);
          update.mutate({ goalId: goal.id, done: e.currentTarget.checked }, { onError });
        }}
        styles={{
          label: {
            overflowWrap: 'anywhere',
            textDecoration: goal.done ? 'line-through' : undefined,
            color: goal.done ? 'var(--mantine-color-dimmed)' : undefined,
          },
        }}
        style={{ flex: 1, minWidth: 0 }}
      />
      {mayEdit && (
        <Group gap={2} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Edit goal: ${goal.text}`}
            onClick={() => {
              setText(goal.text);
              setEditing(true);
            }}
          >
            <IconPencil size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete goal: ${goal.text}`}
            loading={remove.isPending}
            onClick={() => {
              onProblem(null);
              remove.mutate(goal.id, { onError });
            }}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      )}
    </Group>
  );
}

function AddGoal({
  mentorshipId,
  onProblem,
}: {
  mentorshipId: string;
  onProblem: (message: string | null) => void;
}) {
  const add = useAddGoal(mentorshipId);
  const takenOver = useTakenOver();
  const [text, setText] = useState('');
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (add.isPending || !text.trim()) return;
    onProblem(null);
    add.mutate(text.trim(), {
      onSuccess: () => setText(''),
      onError: (error) => onProblem(failure(error)),
    });
  }
  return (
    <form onSubmit={submit} noValidate>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          label="New goal"
          placeholder="e.g. Rewrite the CV for product roles"
          value={text}
          maxLength={MENTORING_TEXT.goal}
          onChange={(e) => setText(e.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button
          type="submit"
          variant="light"
          leftSection={<IconPlus size={16} />}
          loading={!takenOver || add.isPending}
          disabled={!text.trim()}
        >
          Add goal
        </Button>
      </Group>
    </form>
  );
}
