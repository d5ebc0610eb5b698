import {
  QUIZ,
  QUIZ_MESSAGES,
  QUIZ_PLAY_MESSAGES,
  type ChallengeAnswerAnswer,
  type ChallengeState,
  type QuizAnswerValue,
} from '@alumnet/contract';
import { Alert, Box, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { MemberLayout } from '../../../components/member-layout';
import { ApiRequestError } from '../../../lib/api-client';
import {
  answerChallenge,
  challengeKey,
  fetchChallenge,
  nextChallengeQuestion,
  type ChallengeAnswerInput,
} from '../api/quiz';
import { outcomeOf } from '../utils/outcome';
import { secondsSinceSent, toCurrentQuestion, type CurrentQuestion } from '../utils/quiz-state';
import { OutcomeBanner, ResultFacts } from './answer-view';
import { QuestionReveal } from './question-reveal';
import { QuestionHeading, QuestionImage, QuestionView } from './question-view';
import { ChallengeEnd, ChallengeIntro } from './challenge-sections';
import { useGraceOver } from '../hooks/use-grace-over';

/** `/quiz/challenge/{code}`: a quiz a member plays alone, once, before its deadline (issue 31). */
export function ChallengePage() {
  const code = (useParams().code ?? '').toUpperCase();
  return (
    <MemberLayout>
      {/* Phone first: the whole width on a phone, a centred card on anything wider. */}
      <Box maw={560} mx="auto">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="sm">
          <ChallengePlayer code={code} />
        </Paper>
      </Box>
    </MemberLayout>
  );
}

interface Answered {
  questionId: string;
  answer: QuizAnswerValue;
  result: ChallengeAnswerAnswer;
}

const messageOf = (error: Error) =>
  error instanceof ApiRequestError ? error.message : 'Something went wrong.';
const withStop = (reason: string) => (/[.!?]$/.test(reason) ? reason : `${reason}.`);
// Refusals that mean the attempt is over: the page asks the server where it stands.
const ENDED: readonly string[] = [
  QUIZ_PLAY_MESSAGES.challengeClosed,
  QUIZ_PLAY_MESSAGES.challengeDone,
];

function ChallengePlayer({ code }: { code: string }) {
  const queryClient = useQueryClient();
  const challenge = useQuery({
    queryKey: challengeKey(code),
    queryFn: () => fetchChallenge(code),
    // The question's clock runs on the server: a refetch behind the player's back would only
    // redraw the question they are answering.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
  const [answered, setAnswered] = useState<Answered | null>(null);
  const [timedOut, setTimedOut] = useState<string | null>(null);
  // Finished on this page (a result to celebrate) rather than come back to after finishing.
  const [finishedHere, setFinishedHere] = useState(false);

  const show = useCallback(
    (state: ChallengeState) => queryClient.setQueryData(challengeKey(code), state),
    [queryClient, code],
  );
  const next = useMutation({
    mutationFn: () => nextChallengeQuestion(code),
    onSuccess: (state) => {
      show(state);
      setAnswered(null);
      setTimedOut(null);
      if (state.attempt === 'done') setFinishedHere(true);
    },
    // Refused (closed, already finished): what the server says the challenge is now decides.
    onError: () => void challenge.refetch(),
  });
  const submit = useMutation({
    mutationFn: (input: ChallengeAnswerInput) => answerChallenge(input),
    onSuccess: (result, input) =>
      setAnswered({ questionId: input.questionId, answer: input.answer, result }),
    onError: (error) => {
      if (error instanceof ApiRequestError && ENDED.includes(error.message))
        void challenge.refetch();
    },
  });

  const data = challenge.data;
  // The deadline on this device's clock, from remaining_ms as the answer arrived: a reload
  // resumes the question with the time the server says is left.
  const outNow = data?.question ?? null;
  const arrivedAt = challenge.dataUpdatedAt;
  const question = useMemo(
    () => (outNow ? toCurrentQuestion(outNow, arrivedAt) : null),
    [outNow, arrivedAt],
  );
  const onTimeUp = useCallback((questionId: string) => setTimedOut(questionId), []);

  if (challenge.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Loading the challenge" />
      </Group>
    );
  }
  if (challenge.isError) {
    const error = challenge.error;
    if (error instanceof ApiRequestError && error.status === 404) {
      return (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} role="alert">
          {QUIZ_PLAY_MESSAGES.challengeNotFound}
        </Alert>
      );
    }
    return (
      <LoadFailed
        title="The challenge could not be loaded"
        error={error}
        retry={() => void challenge.refetch()}
      />
    );
  }

  const state = challenge.data;
  const nextError = next.isError ? withStop(messageOf(next.error)) : null;
  if (state.attempt === 'done' || !state.open) {
    return <ChallengeEnd state={state} finishedHere={finishedHere} />;
  }
  if (state.attempt === 'none') {
    return (
      <ChallengeIntro
        state={state}
        busy={next.isPending}
        error={nextError}
        onStart={() => next.mutate()}
      />
    );
  }
  const score = answered?.result.score_earned ?? state.score;
  const nextButton = (
    <NextButton
      last={question !== null && question.question_number >= question.total_questions}
      busy={next.isPending}
      error={nextError}
      onNext={() => next.mutate()}
    />
  );
  if (!question) return nextButton;

  const header = (
    <Group justify="space-between" wrap="nowrap" mb="md" gap="xs">
      <Text fw={700} truncate>
        {state.title}
      </Text>
      <Text size="sm" c="dimmed" style={{ flex: 'none' }}>
        Score {score}
      </Text>
    </Group>
  );

  if (answered?.questionId === question.question_id) {
    const { result, answer } = answered;
    const reveal = { question, answer, reveal: result.reveal };
    return (
      <>
        {header}
        <Stack gap="md">
          <OutcomeBanner outcome={outcomeOf(result.answer_state, true)} />
          <QuestionHeading question={question} />
          <Title order={1} size="h4">
            {question.question}
          </Title>
          {question.image && <QuestionImage image={question.image} />}
          <QuestionReveal {...reveal} />
          <ResultFacts
            reveal={reveal}
            points={result.score_added}
            streak={0}
            streakBonus={result.streak_bonus}
            total={result.score_earned}
          />
          {nextButton}
        </Stack>
      </>
    );
  }

  // Too late: the countdown ran out here, the question came back with no time left, or the
  // server refused the answer (late, or already answered before a reload).
  const refused = submit.error instanceof ApiRequestError ? submit.error : null;
  const late =
    refused?.status === 409 && submit.variables?.questionId === question.question_id
      ? refused.message
      : null;
  if (timedOut === question.question_id || question.remainingAtArrival <= 0 || late !== null) {
    return (
      <>
        {header}
        <TimeUp question={question} lateMessage={late}>
          {nextButton}
        </TimeUp>
      </>
    );
  }

  const mine = submit.variables?.questionId === question.question_id;
  const selection = mine && (submit.isPending || submit.isSuccess) ? submit.variables.answer : null;
  return (
    <>
      {header}
      <QuestionView
        key={question.question_id}
        question={question}
        selection={selection}
        sending={mine && submit.isPending}
        error={
          mine && submit.isError
            ? QUIZ_MESSAGES.submitFailed(withStop(messageOf(submit.error)))
            : null
        }
        onAnswer={(answer) => {
          if (submit.isPending) return;
          submit.mutate({
            code,
            questionId: question.question_id,
            answer,
            timeTaken: secondsSinceSent(question),
          });
        }}
        onTimeUp={onTimeUp}
      />
    </>
  );
}

function NextButton({
  last,
  busy,
  error,
  onNext,
}: {
  last: boolean;
  busy: boolean;
  error: string | null;
  onNext: () => void;
}) {
  return (
    <Stack gap="sm">
      {error && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          {error}
        </Alert>
      )}
      <Button size="xl" fullWidth loading={busy} onClick={onNext}>
        {last ? 'See my result' : 'Next question'}
      </Button>
    </Stack>
  );
}

/**
 * Out of time. Next waits for the server's grace after the deadline (QUIZ.graceMs): pressed
 * sooner, the server would still hold the question open.
 */
function TimeUp({
  question,
  lateMessage,
  children,
}: {
  question: CurrentQuestion;
  lateMessage: string | null;
  children: ReactNode;
}) {
  // A refused answer needs no wait: the server has already said where the question stands.
  const graceOver = useGraceOver(lateMessage ? 0 : question.deadline + QUIZ.graceMs);
  return (
    <Stack gap="md">
      {lateMessage && lateMessage !== QUIZ_MESSAGES.tooLate ? (
        <Alert color="blue" icon={<IconAlertTriangle size={18} />} role="status">
          {lateMessage}
        </Alert>
      ) : (
        <OutcomeBanner outcome={outcomeOf(null, false)} />
      )}
      <QuestionHeading question={question} />
      <Title order={1} size="h4">
        {question.question}
      </Title>
      {graceOver ? (
        children
      ) : (
        <Group justify="center" gap="xs" c="dimmed">
          <IconLock size={16} aria-hidden />
          <Text size="sm">Closing the question…</Text>
        </Group>
      )}
    </Stack>
  );
}
