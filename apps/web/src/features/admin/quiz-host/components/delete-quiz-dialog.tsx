import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { adminNotify } from '../../shared/notify';
import { useDeleteQuiz } from '../api/quizzes';

/** Asks before a quiz and its questions go for good. */
export function DeleteQuizDialog({
  quiz,
  onClose,
}: {
  quiz: { _id: string; title: string } | null;
  onClose: () => void;
}) {
  const remove = useDeleteQuiz();

  async function confirm() {
    if (!quiz || remove.isPending) return;
    try {
      await remove.mutateAsync(quiz._id);
      adminNotify.success(`The quiz "${quiz.title}" was deleted.`);
      onClose();
    } catch (error) {
      adminNotify.failure('Could not delete the quiz.', error);
    }
  }

  return (
    <Modal
      opened={quiz !== null}
      onClose={() => !remove.isPending && onClose()}
      title="Delete quiz"
      centered
    >
      <Stack gap="md">
        <Text>
          Delete the quiz &quot;{quiz?.title}&quot; and its questions? This cannot be undone.
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
