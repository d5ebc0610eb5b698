import { QUIZ } from '@alumnet/contract';
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  Radio,
  Stack,
  Text,
  TextInput,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { addOption, removeOption, type DraftErrors, type QuestionDraft } from '../utils/quiz-draft';

/** One question of the editor: its text, 2–6 options with the correct one, its time limit. */
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
  onChange: (next: QuestionDraft) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  const at = (field: string) => errors[`questions.${index}.${field}`];
  const setOption = (i: number, text: string) =>
    onChange({ ...question, options: question.options.map((o, j) => (j === i ? text : o)) });

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
        <Radio.Group
          label="Options (mark the correct one)"
          value={question.correctOption === null ? null : String(question.correctOption)}
          onChange={(value) => onChange({ ...question, correctOption: Number(value) })}
          error={at('correctOption') ?? at('options')}
        >
          <Stack gap="xs" mt={4}>
            {question.options.map((option, i) => (
              <Group key={i} gap="xs" wrap="nowrap" align="flex-start">
                <Radio
                  value={String(i)}
                  aria-label={`Option ${i + 1} of question ${n} is correct`}
                  mt={8}
                />
                <TextInput
                  aria-label={`Question ${n}, option ${i + 1}`}
                  placeholder={`Option ${i + 1}`}
                  value={option}
                  onChange={(e) => setOption(i, e.currentTarget.value)}
                  error={at(`options.${i}`)}
                  maxLength={200}
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Remove option ${i + 1} of question ${n}`}
                  disabled={question.options.length <= QUIZ.minOptions}
                  onClick={() => onChange(removeOption(question, i))}
                  mt={4}
                >
                  <IconX size={16} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="space-between" align="flex-end" gap="sm">
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} />}
            disabled={question.options.length >= QUIZ.maxOptions}
            onClick={() => onChange(addOption(question))}
          >
            Add option
          </Button>
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
