import {
  API,
  QUIZ_IDENTITY_MESSAGES,
  QUIZ_MESSAGES,
  type HostState,
  type QuizBody,
} from '@alumnet/contract';
import { and, desc, eq, ne, notInArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox, quizEmailCodes, users } from '../../db/schema';
import { question, quizBench } from './test-support';

// Issue 25: who may play as a member, and for how long a player_id works.

const MEMBER = 'member@demo.alumnet.dev';
const MEMBER2 = 'member2@demo.alumnet.dev';
const UNKNOWN = 'nobody@example.com';

const bench = quizBench();
const { call, sessionOf, submit, act } = bench;
const newGame = (questions: QuizBody['questions']) => bench.newGame(questions, 'Identity quiz');
const join = async (code: string, email: string) => (await bench.join(code, email)).id;

const validate = (body: object, cookie?: string) =>
  call('POST', API.quiz.validateUser, body, cookie);
const askCode = (email: string) => call('POST', API.quiz.emailCode, { email_id: email });

const mailsTo = async (email: string) =>
  (await bench.t.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.recipient, email)))
    .length;
/** Waits for the address's e-mails to number `count` (a code is sent after the answer). */
const mailsReach = (email: string, count: number) =>
  expect.poll(() => mailsTo(email), { timeout: 5_000 }).toBe(count);
/** The code in the newest e-mail the outbox holds for this address. */
async function codeSentTo(email: string) {
  const [row] = await bench.t.db
    .select({ body: outbox.body })
    .from(outbox)
    .where(eq(outbox.recipient, email))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  return row ? /\b(\d{6})\b/.exec(row.body)?.[1] : undefined;
}
/** Lets the address ask for a new code at once (the resend pause is a minute). */
const ageCode = (email: string) =>
  bench.t.db
    .update(quizEmailCodes)
    .set({ createdAt: sql`now() - interval '5 minutes'` })
    .where(eq(quizEmailCodes.email, email));

describe('validate-user with a session', () => {
  it('names the signed-in member for their own e-mail, and refuses any other', async () => {
    const code = await newGame([question('One?')]);
    const own = await validate(
      { email_id: ' Member@Demo.Alumnet.dev ', game_code: code.toLowerCase() },
      await sessionOf(MEMBER),
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().name).toBe('Meera Menon');
    expect(own.json().player_id.length).toBeGreaterThan(40);

    const other = await validate({ email_id: MEMBER2, game_code: code }, await sessionOf(MEMBER));
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(QUIZ_IDENTITY_MESSAGES.otherMember);
    expect(other.json().name).toBeUndefined();

    const noGame = await validate(
      { email_id: MEMBER, game_code: 'ZZZZZ9' },
      await sessionOf(MEMBER),
    );
    expect(noGame.statusCode).toBe(404);
    const noCode = await validate({ email_id: MEMBER }, await sessionOf(MEMBER));
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().message).toBe(QUIZ_IDENTITY_MESSAGES.gameCodeNeeded);
  });
});

describe('validate-user for a visitor', () => {
  it('answers no name without a code, and the same to a member’s address and a stranger’s', async () => {
    const code = await newGame([question('One?')]);
    const bare = await validate({ email_id: MEMBER, game_code: code });
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).not.toHaveProperty('name');
    expect(bare.json().message).toBe(QUIZ_IDENTITY_MESSAGES.codeNeeded);

    const known = await askCode(MEMBER);
    const unknown = await askCode(UNKNOWN);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: QUIZ_IDENTITY_MESSAGES.codeSent });
    expect(unknown.json()).toEqual(known.json());
    await mailsReach(MEMBER, 1);
    expect(await mailsTo(UNKNOWN)).toBe(0);

    // The code lands in the outbox (no SMTP here); only its hash is stored.
    const sent = await codeSentTo(MEMBER);
    expect(sent).toMatch(/^\d{6}$/);
    const [stored] = await bench.t.db
      .select()
      .from(quizEmailCodes)
      .where(eq(quizEmailCodes.email, MEMBER));
    expect(stored!.codeHash).not.toContain(sent!);

    const ok = await validate({ email_id: MEMBER, game_code: code, code: sent });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().name).toBe('Meera Menon');
    const joined = await call('POST', API.quiz.joinGame(code), { player_id: ok.json().player_id });
    expect(joined.statusCode).toBe(200);
    // Used once.
    const again = await validate({ email_id: MEMBER, game_code: code, code: sent });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(QUIZ_MESSAGES.validateFailed);

    // A stranger's address behaves like a member's with a wrong code: nothing tells them apart.
    const stranger = await validate({ email_id: UNKNOWN, game_code: code, code: '123456' });
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json().message).toBe(QUIZ_MESSAGES.validateFailed);
  });

  it('refuses wrong codes with the spec’s text, a sixth try, and an expired code', async () => {
    const code = await newGame([question('One?')]);
    await ageCode(MEMBER2);
    const before = await mailsTo(MEMBER2);
    expect((await askCode(MEMBER2)).statusCode).toBe(200);
    await mailsReach(MEMBER2, before + 1);
    const sent = (await codeSentTo(MEMBER2))!;
    const wrong = sent === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) {
      const response = await validate({ email_id: MEMBER2, game_code: code, code: wrong });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(QUIZ_MESSAGES.validateFailed);
    }
    const sixth = await validate({ email_id: MEMBER2, game_code: code, code: sent });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(QUIZ_IDENTITY_MESSAGES.codeExhausted);
    expect(sixth.json().name).toBeUndefined();

    // Asking again within the minute sends nothing new; after it, a fresh code with fresh tries.
    const mails = await mailsTo(MEMBER2);
    expect((await askCode(MEMBER2)).json().message).toBe(QUIZ_IDENTITY_MESSAGES.codeSent);
    expect(await mailsTo(MEMBER2)).toBe(mails);
    await ageCode(MEMBER2);
    await askCode(MEMBER2);
    await mailsReach(MEMBER2, mails + 1);
    const fresh = (await codeSentTo(MEMBER2))!;
    await bench.t.db
      .update(quizEmailCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(quizEmailCodes.email, MEMBER2));
    const expired = await validate({ email_id: MEMBER2, game_code: code, code: fresh });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(QUIZ_IDENTITY_MESSAGES.codeExpired);

    const malformed = await validate({ email_id: MEMBER2, game_code: code, code: '12ab' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(QUIZ_IDENTITY_MESSAGES.codeInvalid);
  });
});

describe('a player_id', () => {
  it('works in its own game only, and not after the game ends', async () => {
    const gameA = await newGame([question('A?')]);
    const gameB = await newGame([question('B?')]);
    const idA = await join(gameA, MEMBER);
    await join(gameA, MEMBER2);
    await join(gameB, MEMBER2);

    const inB = await call('POST', API.quiz.joinGame(gameB), { player_id: idA });
    expect(inB.statusCode).toBe(401);
    await act(gameB, 'start');
    expect((await submit(gameB, idA, 1)).statusCode).toBe(401);
    const socket = await bench.connect(gameB);
    socket.send({ type: 'player_connected', player_id: idA, game_code: gameB });
    expect((await socket.next('error')).message).toMatch(/validate your e-mail/);

    await act(gameA, 'start');
    await act(gameA, 'end');
    expect((await submit(gameA, idA, 1)).statusCode).toBe(409);
    expect((await call('POST', API.quiz.joinGame(gameA), { player_id: idA })).statusCode).toBe(409);
    const over = await validate({ email_id: MEMBER, game_code: gameA }, await sessionOf(MEMBER));
    expect(over.statusCode).toBe(409);
  });

  it('stops working for a member rejected or deleted during the game', async () => {
    const code = await newGame([question('One?'), question('Two?')]);
    const [admin] = await bench.t.db
      .select({ collegeId: users.collegeId })
      .from(users)
      .where(eq(users.email, 'admin@demo.alumnet.dev'));
    // Two approved members of the college besides the ones the other tests use.
    const spare = await bench.t.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        and(
          eq(users.collegeId, admin!.collegeId!),
          eq(users.isApproved, true),
          eq(users.isRejected, false),
          ne(users.userType, 'a'),
          notInArray(users.email, [MEMBER, MEMBER2]),
        ),
      )
      .limit(2);
    expect(spare).toHaveLength(2);
    const [toReject, toDelete] = spare as [(typeof spare)[0], (typeof spare)[0]];
    const rejectedId = await join(code, toReject.email);
    const deletedId = await join(code, toDelete.email);
    const keptId = await join(code, MEMBER);
    await act(code, 'start');

    await bench.t.db.update(users).set({ isRejected: true }).where(eq(users.id, toReject.id));
    await bench.t.db.delete(users).where(eq(users.id, toDelete.id));
    const rejected = await submit(code, rejectedId, 1);
    expect(rejected.statusCode).toBe(403);
    expect(rejected.json().message).toBe('You can no longer play in this game.');
    expect((await submit(code, deletedId, 1)).statusCode).toBe(403);
    expect((await submit(code, keptId, 1)).statusCode).toBe(200);
    // And they cannot come back in.
    expect(
      (await call('POST', API.quiz.joinGame(code), { player_id: rejectedId })).statusCode,
    ).toBe(401);
  });
});

describe('the host’s Next', () => {
  it('moves the game one step for a double press, however the presses arrive', async () => {
    const code = await newGame([question('One?'), question('Two?'), question('Three?')]);
    await join(code, MEMBER);
    const started = (await act(code, 'start')).json() as HostState;
    const from = { status: started.status, question_number: started.question_number };
    expect(from).toEqual({ status: 'question', question_number: 1 });

    // Together: one closes the question, the other finds the game already past it.
    const [a, b] = await Promise.all([act(code, 'next', from), act(code, 'next', from)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const after = (await call('GET', API.quizHost.game(code), undefined, bench.adminCookie)).json();
    expect(after).toMatchObject({ status: 'results', question_number: 1 });

    // One after the other: the second press names a step the game left, and is ignored.
    const next = { status: 'results', question_number: 1 };
    expect((await act(code, 'next', next)).json()).toMatchObject({
      status: 'question',
      question_number: 2,
    });
    expect((await act(code, 'next', next)).json()).toMatchObject({
      status: 'question',
      question_number: 2,
    });
  });
});

describe('email-code', () => {
  it('sends at most ten codes a minute from one client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await askCode(`visitor${i}@example.com`)).statusCode);
    expect(statuses).toContain(429);
  });
});
