import { QUIZ, QUIZ_EDITOR_MESSAGES, TRUE_FALSE_OPTIONS } from '@alumnet/contract';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Input,
  Radio,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import {
  addAccepted,
  addOption,
  moveOption,
  removeAccepted,
  removeOption,
  toggleCorrect,
  type QuestionDraft,
} from '../utils/quiz-draft';

interface Props {
  question: QuestionDraft;
  /** The question's number, as the labels say it. */
  n: number;
  /** The message at a field of this question ('options.1', 'correctOption', …). */
  at: (field: string) => string | undefined;
  onChange: (next: QuestionDraft) => void;
}

/** What a question's players choose from and what is right, in the form its kind needs. */
export function QuestionAnswers(props: Props) {
  const { question, n, at, onChange } = props;
  switch (question.kind) {
    case 'single':
      return (
        <Radio.Group
          label="Options (mark the correct one)"
          value={question.correctOption === null ? null : String(question.correctOption)}
          onChange={(value) => onChange({ ...question, correctOption: Number(value) })}
          error={at('correctOption') ?? at('options')}
        >
          <OptionRows
            {...props}
            mark={(i) => (
              <Radio
                value={String(i)}
                aria-label={`Option ${i + 1} of question ${n} is correct`}
                mt={8}
              />
            )}
          />
        </Radio.Group>
      );
    case 'true_false':
      return (
        <Radio.Group
          label="The right answer"
          value={question.correctOption === null ? null : String(question.correctOption)}
          onChange={(value) => onChange({ ...question, correctOption: Number(value) })}
          error={at('correctOption')}
        >
          <Group gap="lg" mt={4}>
            {TRUE_FALSE_OPTIONS.map((label, i) => (
              <Radio
                key={label}
                value={String(i)}
                label={label}
                aria-label={`Question ${n} is ${label}`}
              />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'multiple':
      return (
        <Stack gap="xs">
          <Input.Wrapper
            label="Options (tick every right one)"
            error={at('correctOptions') ?? at('options')}
          >
            <OptionRows
              {...props}
              mark={(i) => (
                <Checkbox
                  checked={question.correctOptions.includes(i)}
                  onChange={() => onChange(toggleCorrect(question, i))}
                  aria-label={`Option ${i + 1} of question ${n} is right`}
                  mt={8}
                />
              )}
            />
          </Input.Wrapper>
          <Switch
            label="Partial credit"
            description="Each right tick earns its share of the points and each wrong tick takes one back. Off: all or nothing."
            checked={question.partialCredit}
            onChange={(e) => onChange({ ...question, partialCredit: e.currentTarget.checked })}
          />
        </Stack>
      );
    case 'poll':
      return (
        <Input.Wrapper
          label="Options (a poll has no right answer and no points)"
          error={at('options')}
        >
          <OptionRows {...props} />
        </Input.Wrapper>
      );
    case 'order':
      return (
        <Input.Wrapper
          label="Items in the right order (players see them shuffled)"
          error={at('options')}
        >
          <OptionRows {...props} item="item" movable />
        </Input.Wrapper>
      );
    case 'typed':
      return <AcceptedAnswers {...props} />;
  }
}

/** The options (or items) with their inputs; `mark` puts a radio or a tick before each. */
function OptionRows({
  question,
  n,
  at,
  onChange,
  mark,
  item = 'option',
  movable = false,
}: Props & { mark?: (i: number) => ReactNode; item?: 'option' | 'item'; movable?: boolean }) {
  const Item = item === 'option' ? 'Option' : 'Item';
  const setOption = (i: number, text: string) =>
    onChange({ ...question, options: question.options.map((o, j) => (j === i ? text : o)) });
  return (
    <Stack gap="xs" mt={4}>
      {question.options.map((option, i) => (
        <Group key={i} gap="xs" wrap="nowrap" align="flex-start">
          {mark?.(i)}
          <TextInput
            aria-label={`Question ${n}, ${item} ${i + 1}`}
            placeholder={`${Item} ${i + 1}`}
            value={option}
            onChange={(e) => setOption(i, e.currentTarget.value)}
            error={at(`options.${i}`)}
            maxLength={200}
            style={{ flex: 1 }}
          />
          {movable && (
            <>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Move item ${i + 1} of question ${n} up`}
                disabled={i === 0}
                onClick={() => onChange(moveOption(question, i, i - 1))}
                mt={4}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Move item ${i + 1} of question ${n} down`}
                disabled={i === question.options.length - 1}
                onClick={() => onChange(moveOption(question, i, i + 1))}
                mt={4}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
            </>
          )}
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Remove ${item} ${i + 1} of question ${n}`}
            disabled={question.options.length <= QUIZ.minOptions}
            onClick={() => onChange(removeOption(question, i))}
            mt={4}
          >
            <IconX size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="subtle"
        size="xs"
        leftSection={<IconPlus size={14} />}
        disabled={question.options.length >= QUIZ.maxOptions}
        onClick={() => onChange(addOption(question))}
        w="fit-content"
      >
        Add {item}
      </Button>
    </Stack>
  );
}

/** A typed answer's accepted answers: one or more, compared without case or outer spaces. */
function AcceptedAnswers({ question, n, at, onChange }: Props) {
  const answers = question.acceptedAnswers;
  const setAnswer = (i: number, text: string) =>
    onChange({ ...question, acceptedAnswers: answers.map((a, j) => (j === i ? text : a)) });
  return (
    <Input.Wrapper
      label="Accepted answers"
      description="Compared without capitals or spaces around them: add the spellings you accept."
      error={at('acceptedAnswers')}
    >
      <Stack gap="xs" mt={4}>
        {answers.map((answer, i) => (
          <Group key={i} gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              aria-label={`Question ${n}, accepted answer ${i + 1}`}
              placeholder={i === 0 ? 'The answer' : 'Another spelling'}
              value={answer}
              onChange={(e) => setAnswer(i, e.currentTarget.value)}
              error={at(`acceptedAnswers.${i}`)}
              maxLength={QUIZ.maxTypedLength}
              style={{ flex: 1 }}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Remove accepted answer ${i + 1} of question ${n}`}
              disabled={answers.length <= 1}
              onClick={() => onChange(removeAccepted(question, i))}
              mt={4}
            >
              <IconX size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={answers.length >= QUIZ.maxAcceptedAnswers}
          onClick={() => onChange(addAccepted(question))}
          w="fit-content"
          title={
            answers.length >= QUIZ.maxAcceptedAnswers
              ? QUIZ_EDITOR_MESSAGES.acceptedTooMany
              : undefined
          }
        >
          Add accepted answer
        </Button>
      </Stack>
    </Input.Wrapper>
  );
}
