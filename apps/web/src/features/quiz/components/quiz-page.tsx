import {
  QUIZ,
  QUIZ_IDENTITY_MESSAGES,
  QUIZ_MESSAGES,
  QUIZ_PLAY_MESSAGES,
  normalizeQuizCode,
  type QuizAnswerValue,
  type QuizServerMessage,
} from '@alumnet/contract';
import { Box, Loader, Paper } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { PublicLayout } from '../../../components/public-layout';
import { ApiRequestError } from '../../../lib/api-client';
import { meQuery } from '../../../lib/session';
import { fetchGameStatus, joinGame, sendEmailCode, submitAnswer, validateUser } from '../api/quiz';
import { useQuizSocket } from '../hooks/use-quiz-socket';
import type * as GameViewsModule from './game-views';
import { inGame, initialQuizState, quizReducer, secondsSinceSent } from '../utils/quiz-state';
import { forgetPlayer, readStoredPlayer, storePlayer } from '../utils/stored-player';
import { CodeEntry, NotFound } from './code-entry';
import { GameBar } from './game-bar';
import { JoinedView } from './joined-view';
import { EmailEntry, Welcome } from './player-entry';

/**
 * The question and answer views, with every kind's inputs and reveals, are not needed to draw the
 * code entry: they load right after the first paint (QuizPlayer's effect), long before a question.
 */
type GameViews = typeof GameViewsModule;
let gameViews: GameViews | undefined;
const loadGameViews = () => import('./game-views').then((views) => (gameViews = views));

/** The in-game views once loaded; undefined for the moment before (a loader shows). */
function useGameViews() {
  const [views, setViews] = useState(gameViews);
  useEffect(() => {
    if (!views) void loadGameViews().then(setViews);
  }, [views]);
  return views;
}

/** `/quiz` and `/quiz/{code}`: the live quiz player, open to everyone (member-portal.md). */
export function QuizPage() {
  return (
    <PublicLayout>
      {/* Phone first: the whole width on a phone, a centred card on anything wider. */}
      <Box maw={480} mx="auto" px="sm">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="sm">
          <QuizPlayer />
        </Paper>
      </Box>
    </PublicLayout>
  );
}

/** The server's reason, ending as a sentence so the spec's "… Please try again." reads right. */
const reasonOf = (error: Error) => {
  const reason = error instanceof ApiRequestError ? error.message : 'Something went wrong.';
  return /[.!?]$/.test(reason) ? reason : `${reason}.`;
};

const isNotFound = (error: Error | null) =>
  error instanceof ApiRequestError && error.status === 404;

// What the server says about the e-mail code is shown as it is (an expired code, a member signed
// in as someone else); any other failure gets the spec's 'Email validation failed…'.
const IDENTITY_MESSAGES: readonly string[] = Object.values(QUIZ_IDENTITY_MESSAGES);
const validateFailure = (error: Error) =>
  error instanceof ApiRequestError && IDENTITY_MESSAGES.includes(error.message)
    ? error.message
    : QUIZ_MESSAGES.validateFailed;

// The join's failure in the server's words where it is about the team; the spec's words otherwise.
const joinFailure = (error: Error) =>
  error instanceof ApiRequestError && error.message === QUIZ_PLAY_MESSAGES.teamNeeded
    ? error.message
    : QUIZ_MESSAGES.joinFailed;

function QuizPlayer() {
  const urlCode = normalizeQuizCode(useParams().code ?? '');
  const [state, dispatch] = useReducer(quizReducer, urlCode, (code) =>
    initialQuizState(code, readStoredPlayer()),
  );
  const onMessage = useCallback(
    (message: QuizServerMessage) => dispatch({ type: 'server', message, now: Date.now() }),
    [],
  );
  const onTimeUp = useCallback(
    (questionId: string) => dispatch({ type: 'timeUp', questionId }),
    [],
  );
  const views = useGameViews();
  // The team picked on the welcome step, where the game lets players pick.
  const [team, setTeam] = useState<number | null>(null);
  const connected = useQuizSocket(
    state.code,
    inGame(state.step) ? (state.player?.player_id ?? null) : null,
    onMessage,
  );

  const lookup = useMutation({
    mutationFn: fetchGameStatus,
    onSuccess: (info, code) => dispatch({ type: 'codeFound', code, info }),
    onError: (error, code) => {
      if (isNotFound(error)) dispatch({ type: 'codeNotFound', code });
    },
  });
  // Who is signed in: a member plays as themselves, a visitor (or a failed look-up) by e-mail code.
  // Asked only once the player reaches the e-mail step: the other steps do without it.
  const me = useQuery({
    ...meQuery,
    retry: false,
    enabled: state.step === 'email' || state.step === 'welcome',
  });
  const signedInEmail = me.isPending ? undefined : (me.data?.user?.email ?? null);
  const sendCode = useMutation({ mutationFn: sendEmailCode });
  const validate = useMutation({
    mutationFn: validateUser,
    onSuccess: (player) => dispatch({ type: 'validated', player }),
  });
  const join = useMutation({
    mutationFn: joinGame,
    onSuccess: (answer, { code, playerId }) => {
      storePlayer({ code, player_id: playerId, name: answer.name });
      dispatch({ type: 'joined', answer });
    },
  });
  const submit = useMutation({
    mutationFn: (input: Parameters<typeof submitAnswer>[0] & { questionId: string }) =>
      submitAnswer(input),
    onSuccess: (answer, { questionId }) => dispatch({ type: 'submitted', questionId, answer }),
    onError: (error, { questionId }) =>
      dispatch({
        type: 'submitFailed',
        questionId,
        message: QUIZ_MESSAGES.submitFailed(reasonOf(error)),
      }),
  });

  // /quiz/{code} looks the code up at once, a single time (StrictMode runs effects twice).
  const lookUpFromUrl = useRef(state.step === 'code' && urlCode.length === QUIZ.codeLength);
  const { mutate: lookUp } = lookup;
  useEffect(() => {
    if (!lookUpFromUrl.current) return;
    lookUpFromUrl.current = false;
    lookUp(urlCode);
  }, [lookUp, urlCode]);

  const backToCode = () => {
    lookup.reset();
    sendCode.reset();
    validate.reset();
    setTeam(null);
    dispatch({ type: 'backToCode' });
  };
  const reset = () => {
    forgetPlayer();
    for (const mutation of [lookup, sendCode, validate, join, submit]) mutation.reset();
    setTeam(null);
    dispatch({ type: 'reset' });
  };
  const answer = (value: QuizAnswerValue) => {
    const { question, player } = state;
    if (!question || !player || state.selection !== null) return;
    dispatch({ type: 'selected', answer: value });
    submit.mutate({
      code: state.code,
      playerId: player.player_id,
      answer: value,
      timeTaken: secondsSinceSent(question),
      questionId: question.question_id,
    });
  };

  switch (state.step) {
    case 'code':
      return (
        <CodeEntry
          initialCode={state.code}
          busy={lookup.isPending}
          error={lookup.isError && !isNotFound(lookup.error) ? QUIZ_MESSAGES.connectFailed : null}
          onSubmit={(code) => lookup.mutate(code)}
        />
      );
    case 'notFound':
      return <NotFound onTryAgain={backToCode} />;
    case 'email':
      return (
        <EmailEntry
          code={state.code}
          info={state.info}
          signedInEmail={signedInEmail}
          codeSent={
            sendCode.isSuccess
              ? { email: sendCode.variables, message: sendCode.data.message }
              : null
          }
          sending={sendCode.isPending}
          sendError={sendCode.isError ? reasonOf(sendCode.error) : null}
          busy={validate.isPending}
          error={validate.isError ? validateFailure(validate.error) : null}
          onBack={backToCode}
          onSendCode={(email) => {
            validate.reset();
            sendCode.mutate(email);
          }}
          onOtherEmail={() => {
            validate.reset();
            sendCode.reset();
          }}
          onValidate={(who) => validate.mutate({ ...who, game_code: state.code })}
        />
      );
    case 'welcome':
      return (
        <Welcome
          name={state.player?.name ?? ''}
          teams={state.info?.teams?.length ? state.info.teams : null}
          chooseTeam={state.info?.choose_team ?? false}
          team={team}
          onPickTeam={(picked) => {
            join.reset();
            setTeam(picked);
          }}
          busy={join.isPending}
          error={join.isError ? joinFailure(join.error) : null}
          onBack={() => {
            join.reset();
            validate.reset();
            // A code works once: a visitor going back asks for a new one.
            sendCode.reset();
            dispatch({ type: 'backToEmail' });
          }}
          onJoin={() =>
            state.player &&
            join.mutate({
              code: state.code,
              playerId: state.player.player_id,
              team: state.info?.choose_team ? team : null,
            })
          }
        />
      );
    case 'joined':
    case 'question':
    case 'answered':
      return (
        <>
          <GameBar
            code={state.code}
            name={state.player?.name ?? ''}
            score={state.score}
            team={state.team}
            connected={connected}
          />
          {state.step === 'joined' && <JoinedView state={state} onLeave={reset} />}
          {state.step !== 'joined' && !views && (
            <Loader mx="auto" display="block" aria-label="Loading the game" />
          )}
          {views && state.step === 'question' && state.question && (
            <views.QuestionView
              key={state.question.question_id}
              question={state.question}
              selection={state.selection}
              sending={submit.isPending}
              error={state.submitError}
              onAnswer={answer}
              onTimeUp={onTimeUp}
            />
          )}
          {views && state.step === 'answered' && (
            <views.AnswerView state={state} onPlayAgain={reset} />
          )}
        </>
      );
  }
}
