import { QUIZ } from '@alumnet/contract';
import { Alert, Button, Center, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { adminNotify } from '../../shared/notify';
import { serverMessage } from '../../shared/utils/errors';
import { quizQuery, useSaveQuiz } from '../api/quizzes';
import {
  draftFromQuiz,
  emptyDraft,
  emptyQuestion,
  moveQuestion,
  validateDraft,
  type DraftErrors,
  type QuestionDraft,
  type QuizDraft,
} from '../utils/quiz-draft';
import { QuestionEditor } from './question-editor';

/** New quiz or Edit: a modal, full-screen on phones, that saves the whole quiz at once. */
export function QuizEditor({
  opened,
  quizId,
  collegeId,
  onClose,
}: {
  opened: boolean;
  /** null: a new quiz. */
  quizId: string | null;
  /** Only a super admin names the college of a new quiz. */
  collegeId?: string;
  onClose: () => void;
}) {
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const stored = useQuery({ ...quizQuery(quizId ?? ''), enabled: opened && quizId !== null });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={quizId ? 'Edit quiz' : 'New quiz'}
      size="xl"
      fullScreen={narrow}
      closeOnClickOutside={false}
    >
      {quizId === null ? (
        <EditorForm initial={emptyDraft()} quizId={null} collegeId={collegeId} onDone={onClose} />
      ) : stored.data ? (
        <EditorForm initial={draftFromQuiz(stored.data)} quizId={quizId} onDone={onClose} />
      ) : stored.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {serverMessage(stored.error, 'Could not load the quiz.')}
        </Alert>
      ) : (
        <Center py="xl">
          <Loader aria-label="Loading the quiz" />
        </Center>
      )}
    </Modal>
  );
}

function EditorForm({
  initial,
  quizId,
  collegeId,
  onDone,
}: {
  initial: QuizDraft;
  quizId: string | null;
  collegeId?: string;
  onDone: () => void;
}) {
  const save = useSaveQuiz();
  const [draft, setDraft] = useState(initial);
  // Messages appear after the first Save, then follow each edit.
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const errors: DraftErrors = tried ? (validateDraft(draft, collegeId).errors ?? {}) : {};

  const setQuestions = (change: (questions: QuestionDraft[]) => QuestionDraft[]) =>
    setDraft((d) => ({ ...d, questions: change(d.questions) }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    setTried(true);
    setRefusal(null);
    const { body } = validateDraft(draft, collegeId);
    if (!body) return;
    try {
      await save.mutateAsync({ quizId, body });
      adminNotify.success(`The quiz "${body.title}" was saved.`);
      onDone();
    } catch (error) {
      setRefusal(serverMessage(error, 'Could not save the quiz. Please try again.'));
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Title"
          placeholder="e.g. Alumni Day trivia"
          value={draft.title}
          onChange={(e) => {
            const title = e.currentTarget.value;
            setDraft((d) => ({ ...d, title }));
          }}
          error={errors.title}
          maxLength={200}
          data-autofocus
        />
        {draft.questions.map((question, index) => (
          <QuestionEditor
            key={question.key}
            question={question}
            index={index}
            count={draft.questions.length}
            errors={errors}
            onChange={(change) =>
              setQuestions((qs) =>
                qs.map((q) =>
                  q.key !== question.key ? q : typeof change === 'function' ? change(q) : change,
                ),
              )
            }
            onMove={(to) => setQuestions((qs) => moveQuestion(qs, index, to))}
            onRemove={() => setQuestions((qs) => qs.filter((q) => q.key !== question.key))}
          />
        ))}
        {errors.questions && (
          <Text c="red" size="sm">
            {errors.questions}
          </Text>
        )}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => setQuestions((qs) => [...qs, emptyQuestion()])}
          disabled={draft.questions.length >= QUIZ.maxQuestions}
          w="fit-content"
        >
          Add question
        </Button>
        {refusal && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {refusal}
          </Alert>
        )}
        {tried && Object.keys(errors).length > 0 && (
          <Text c="red" size="sm" role="alert">
            Please correct the fields marked in red.
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save quiz
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
