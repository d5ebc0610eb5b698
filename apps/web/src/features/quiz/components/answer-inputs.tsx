import { QUIZ, QUIZ_PLAY_MESSAGES, type QuizAnswerValue } from '@alumnet/contract';
import {
  ActionIcon,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSquare, IconSquareCheck } from '@tabler/icons-react';
import { useState } from 'react';
import type { CurrentQuestion } from '../utils/quiz-state';

export const optionLetter = (index: number) => String.fromCharCode(65 + index);

export interface AnswerInputProps {
  question: CurrentQuestion;
  /** The answer given: being sent, or accepted. Null while the player may still answer. */
  selection: QuizAnswerValue | null;
  sending: boolean;
  onAnswer: (answer: QuizAnswerValue) => void;
}

/** How a player answers, by the question's kind: one tap, ticks, text or an order. */
export function AnswerInput(props: AnswerInputProps) {
  switch (props.question.kind) {
    case 'single':
    case 'poll':
      return <ChoiceButtons {...props} />;
    case 'true_false':
      return <TrueFalseButtons {...props} />;
    case 'multiple':
      return <MultipleChoice {...props} />;
    case 'typed':
      return <TypedAnswer {...props} />;
    case 'order':
      return <OrderAnswer {...props} />;
  }
}

const SubmitButton = ({ disabled, loading }: { disabled: boolean; loading: boolean }) => (
  <Button type="submit" size="xl" fullWidth disabled={disabled} loading={loading}>
    {QUIZ_PLAY_MESSAGES.submit}
  </Button>
);

/** The spec's single choice (and a poll): one big button per option; a tap sends it. */
function ChoiceButtons({ question, selection, sending, onAnswer }: AnswerInputProps) {
  const locked = sending || selection !== null;
  return (
    <Stack gap="sm" role="group" aria-label="Options">
      {question.options.map((option, index) => (
        <Button
          key={index}
          size="xl"
          fullWidth
          variant={selection === index ? 'filled' : 'light'}
          disabled={locked}
          // Says which option was picked in words, not only by its colour.
          aria-pressed={selection === index}
          loading={sending && selection === index}
          onClick={() => onAnswer(index)}
          justify="flex-start"
          // The letter is for the eye (and the results list); the option's name is its text.
          leftSection={
            <Text component="span" fw={800} aria-hidden>
              {optionLetter(index)}
            </Text>
          }
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
          h="auto"
          mih={64}
          py="sm"
        >
          {option}
        </Button>
      ))}
    </Stack>
  );
}

/** True or false: two big buttons side by side, easy to hit with a thumb. */
function TrueFalseButtons({ question, selection, sending, onAnswer }: AnswerInputProps) {
  const locked = sending || selection !== null;
  return (
    <SimpleGrid cols={2} spacing="sm" role="group" aria-label="Options">
      {question.options.map((option, index) => (
        <Button
          key={index}
          size="xl"
          h={112}
          color={index === 0 ? 'teal' : 'red'}
          variant={selection === index ? 'filled' : 'light'}
          disabled={locked}
          aria-pressed={selection === index}
          loading={sending && selection === index}
          onClick={() => onAnswer(index)}
          styles={{ label: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 800 } }}
        >
          {option}
        </Button>
      ))}
    </SimpleGrid>
  );
}

/** Several right answers: tick every one, then Submit (ticks alone send nothing). */
function MultipleChoice({ question, selection, sending, onAnswer }: AnswerInputProps) {
  const [ticked, setTicked] = useState<number[]>([]);
  const locked = sending || selection !== null;
  const shown = Array.isArray(selection) ? selection : ticked;
  const toggle = (index: number) =>
    setTicked((now) =>
      now.includes(index) ? now.filter((i) => i !== index) : [...now, index].sort((a, b) => a - b),
    );
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!locked && ticked.length > 0) onAnswer(ticked);
      }}
    >
      <Stack gap="sm">
        <Text fw={600}>{QUIZ_PLAY_MESSAGES.chooseAll}</Text>
        <Stack gap="sm" role="group" aria-label="Options">
          {question.options.map((option, index) => {
            const on = shown.includes(index);
            return (
              <Button
                key={index}
                size="xl"
                fullWidth
                variant={on ? 'filled' : 'light'}
                disabled={locked}
                aria-pressed={on}
                onClick={() => toggle(index)}
                justify="flex-start"
                leftSection={
                  on ? (
                    <IconSquareCheck size={24} aria-hidden />
                  ) : (
                    <IconSquare size={24} aria-hidden />
                  )
                }
                styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                h="auto"
                mih={64}
                py="sm"
              >
                {option}
              </Button>
            );
          })}
        </Stack>
        <SubmitButton disabled={locked || ticked.length === 0} loading={sending} />
      </Stack>
    </form>
  );
}

/** A typed answer: a short text, compared by the server after trimming and case-folding. */
function TypedAnswer({ selection, sending, onAnswer }: AnswerInputProps) {
  const [text, setText] = useState('');
  const locked = sending || selection !== null;
  const value = typeof selection === 'string' ? selection : text;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!locked && text.trim() !== '') onAnswer(text.trim());
      }}
    >
      <Stack gap="sm">
        <TextInput
          name="answer"
          aria-label="Your answer"
          placeholder={QUIZ_PLAY_MESSAGES.typePlaceholder}
          value={value}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={QUIZ.maxTypedLength}
          readOnly={locked}
          size="xl"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          // A phone's keyboard says "Send" and sends the answer.
          enterKeyHint="send"
        />
        <SubmitButton disabled={locked || text.trim() === ''} loading={sending} />
      </Stack>
    </form>
  );
}

/**
 * Put in order: the items as shown (the server shuffled them), moved with up and down buttons:
 * big enough for a thumb, reachable by keyboard, and read out by screen readers, which a drag
 * and drop would not all be. The answer is the shown indices in the player's order.
 */
function OrderAnswer({ question, selection, sending, onAnswer }: AnswerInputProps) {
  const [order, setOrder] = useState(() => question.options.map((_, index) => index));
  const locked = sending || selection !== null;
  const shown = Array.isArray(selection) ? selection : order;
  const move = (position: number, by: -1 | 1) =>
    setOrder((now) => {
      const other = position + by;
      const here = now[position];
      const there = now[other];
      if (here === undefined || there === undefined) return now;
      const next = [...now];
      next[position] = there;
      next[other] = here;
      return next;
    });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!locked) onAnswer(order);
      }}
    >
      <Stack gap="sm">
        <Text fw={600}>{QUIZ_PLAY_MESSAGES.putInOrder}</Text>
        <Stack
          gap="xs"
          component="ol"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label="Your order"
        >
          {shown.map((item, position) => {
            const text = question.options[item] ?? '';
            return (
              <Paper key={item} component="li" withBorder radius="md" p="xs">
                <Group wrap="nowrap" gap="xs">
                  <ThemeIcon radius="xl" size="lg" variant="light" aria-hidden>
                    <Text fw={800} size="sm">
                      {position + 1}
                    </Text>
                  </ThemeIcon>
                  <Text fw={600} flex={1} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    {text}
                  </Text>
                  <ActionIcon
                    size={44}
                    variant="light"
                    aria-label={`Move ${text} up`}
                    disabled={locked || position === 0}
                    onClick={() => move(position, -1)}
                  >
                    <IconArrowUp size={22} />
                  </ActionIcon>
                  <ActionIcon
                    size={44}
                    variant="light"
                    aria-label={`Move ${text} down`}
                    disabled={locked || position === shown.length - 1}
                    onClick={() => move(position, 1)}
                  >
                    <IconArrowDown size={22} />
                  </ActionIcon>
                </Group>
              </Paper>
            );
          })}
        </Stack>
        <SubmitButton disabled={locked} loading={sending} />
      </Stack>
    </form>
  );
}
