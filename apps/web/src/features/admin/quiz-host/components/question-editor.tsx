import { QUESTION_KINDS, QUESTION_KIND_LABELS, QUIZ, type QuestionKind } from '@alumnet/contract';
import {
  ActionIcon,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { setKind, type DraftErrors, type QuestionDraft } from '../utils/quiz-draft';
import { QuestionAnswers } from './question-answers';
import { QuestionPicture } from './question-picture';

/** A new value for the question, or an updater for changes that land late (an upload). */
export type QuestionChange = QuestionDraft | ((q: QuestionDraft) => QuestionDraft);

/**
 * One question of the editor: its kind, its text, what players choose from and what is right,
 * a picture, double points and its time limit.
 */
export function QuestionEditor({
  question,
  index,
  count,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  question: QuestionDraft;
  index: number;
  count: number;
  /** The whole quiz's messages; this question reads those under `questions.{index}`. */
  errors: DraftErrors;
  onChange: (change: QuestionChange) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  const at = (field: string) => errors[`questions.${index}.${field}`];

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      role="group"
      aria-label={`Question ${n}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text fw={600}>Question {n}</Text>
          <Group gap={4}>
            <Tooltip label="Move up">
              <ActionIcon
                variant="subtle"
                aria-label={`Move question ${n} up`}
                disabled={index === 0}
                onClick={() => onMove(index - 1)}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Move down">
              <ActionIcon
                variant="subtle"
                aria-label={`Move question ${n} down`}
                disabled={index === count - 1}
                onClick={() => onMove(index + 1)}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Remove question">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove question ${n}`}
                disabled={count === 1}
                onClick={onRemove}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <NativeSelect
          label="Kind"
          aria-label={`Question ${n} kind`}
          data={QUESTION_KINDS.map((kind) => ({ value: kind, label: QUESTION_KIND_LABELS[kind] }))}
          value={question.kind}
          onChange={(e) => onChange(setKind(question, e.currentTarget.value as QuestionKind))}
          w={{ base: '100%', xs: 260 }}
        />
        <Textarea
          label="Question"
          aria-label={`Question ${n} text`}
          value={question.question}
          onChange={(e) => onChange({ ...question, question: e.currentTarget.value })}
          error={at('question')}
          autosize
          minRows={1}
          maxLength={500}
        />
        <QuestionPicture
          question={question}
          n={n}
          altError={at('image.alt') ?? at('image')}
          onChange={onChange}
        />
        <QuestionAnswers question={question} n={n} at={at} onChange={onChange} />
        <Group justify="space-between" align="flex-end" gap="sm">
          <Switch
            label="Double points"
            aria-label={`Question ${n} double points`}
            checked={question.doublePoints && question.kind !== 'poll'}
            onChange={(e) => {
              const doublePoints = e.currentTarget.checked;
              onChange((q) => ({ ...q, doublePoints }));
            }}
            disabled={question.kind === 'poll'}
          />
          <NumberInput
            label="Time limit (seconds)"
            aria-label={`Question ${n} time limit (seconds)`}
            value={question.timeLimit}
            onChange={(timeLimit) => onChange({ ...question, timeLimit })}
            error={at('timeLimit')}
            min={QUIZ.minTimeLimit}
            max={QUIZ.maxTimeLimit}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            w={180}
          />
        </Group>
      </Stack>
    </Paper>
  );
}
