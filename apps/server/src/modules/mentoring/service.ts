import {
  DEFAULT_MENTORING_TOPICS,
  MAX_OPEN_MENTORING_REQUESTS,
  MENTORING_MESSAGES,
  MENTORING_PAGE_SIZE,
  type acceptRequestBody,
  type declineRequestBody,
  type endMentorshipBody,
  type goalPatchBody,
  type mentoringRequestBody,
  type mentorProfileBody,
  type sessionBody,
  type suggestionsQuery,
} from '@alumnet/contract';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { SessionUser } from '../auth/repository';
import { excerpt, notify, type Recorded, type Tell } from '../notifications';
import * as ships from './mentorships';
import {
  presentDetail,
  presentGoal,
  presentProfile,
  presentRequest,
  presentSession,
  presentSuggestion,
  presentSummary,
} from './presenter';
import * as repo from './repository';
import { createMentorDirectory, memberKeys, rankPage, type MentorDirectory } from './directory';

type ProfileInput = z.output<typeof mentorProfileBody>;
type SuggestionsInput = z.output<typeof suggestionsQuery>;
type RequestInput = z.output<typeof mentoringRequestBody>;

/** Whether the error, or one it wraps (Drizzle wraps the driver's), is this unique violation. */
function violates(error: unknown, constraint: string) {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 5; depth++) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505' && name === constraint) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The college's topics: the defaults, then those its admins added. */
export async function topicsOf(db: Executor, collegeId: string | null) {
  const custom = collegeId ? await repo.customTopics(db, collegeId) : [];
  return [...DEFAULT_MENTORING_TOPICS, ...custom];
}

/** Case-insensitive and trimmed: how two industries or topics are the same. */
const key = (s: string) => s.trim().toLowerCase();
const distinct = (values: string[]) => {
  const seen = new Set<string>();
  return values.filter((v) => !seen.has(key(v)) && seen.add(key(v)));
};

/** A real calendar day (the contract checks only the shape). */
const realDay = (day: string) => new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;

/**
 * Mentoring (issue 29): mentor profiles, suggestions, requests with their answers and expiry,
 * and mentorships with goals, sessions and the endings' ratings. Everything stays in the caller's
 * college: a mentor of another college is not found. Notifications are recorded in the same
 * transaction as the change and pushed after commit (`tell`).
 */
export function createMentoringService(
  db: Database,
  tell: Tell = () => {},
  directory: MentorDirectory = createMentorDirectory(db, 0),
) {
  /** Runs `work` in a transaction and pushes what it recorded once committed. */
  async function telling<T>(work: (tx: Executor) => Promise<{ answer: T; told: Recorded[] }>) {
    const { answer, told } = await db.transaction(work);
    if (told.length > 0) tell(told);
    return answer;
  }

  async function requestAnswer(ex: Executor, requestId: string, userId: string) {
    const row = await repo.requestFor(ex, requestId, userId);
    if (!row) throw notFound(MENTORING_MESSAGES.requestNotFound);
    return presentRequest(row);
  }

  /**
   * The open request the mentor answers, under the mentor's lock: the caller must be its mentor
   * (its mentee: 403; anyone else: 404), and it must still be open and not past its expiry.
   */
  async function openRequestForMentor(tx: Executor, user: SessionUser, requestId: string) {
    const seen = await repo.requestFor(tx, requestId, user.id);
    if (!seen) throw notFound(MENTORING_MESSAGES.requestNotFound);
    if (seen.mentorId !== user.id) throw forbidden(MENTORING_MESSAGES.mentorOnly);
    // Mentor first, then the request: every accept of this mentor queues on the same row, so
    // their capacity is counted by one at a time (the bench's 1,000 at once fill exactly 5).
    await repo.lockMember(tx, seen.mentorId);
    const request = await repo.requestFor(tx, requestId, user.id, true);
    if (!request || request.status !== 'open' || request.lapsed)
      throw conflict(MENTORING_MESSAGES.notOpen);
    return request;
  }

  /** A mentorship the caller may read, or 404; `lock` holds its row until commit. */
  async function readable(ex: Executor, user: SessionUser, id: string, lock = false) {
    const row = await ships.mentorshipFor(ex, user, id, lock);
    if (!row) throw notFound(MENTORING_MESSAGES.mentorshipNotFound);
    return row;
  }

  /** Only the two people change a mentorship, and only while it is active. */
  async function editable(ex: Executor, user: SessionUser, id: string) {
    const row = await readable(ex, user, id);
    if (!row.myRole) throw forbidden(MENTORING_MESSAGES.readOnly);
    if (row.endedAt) throw conflict(MENTORING_MESSAGES.ended);
    return row;
  }

  async function detail(ex: Executor, user: SessionUser, id: string) {
    const row = await readable(ex, user, id);
    const [goals, sessions, endings] = await Promise.all([
      ships.goalsOf(ex, row.id),
      ships.sessionsOf(ex, row.id),
      ships.endingsOf(ex, row.id),
    ]);
    return { mentorship: presentDetail(row, goals, sessions, endings) };
  }

  return {
    async profile(user: SessionUser) {
      const [row, topics] = await Promise.all([
        repo.profileOf(db, user.id),
        topicsOf(db, user.collegeId),
      ]);
      return { profile: presentProfile(row), topics };
    },

    /**
     * Saves the switch (users.open_to_mentoring, the profile page's checkbox) and the profile.
     * A capacity below the mentor's active mentees is allowed: nobody is dropped, they show as at
     * capacity until enough mentorships end.
     */
    async saveProfile(user: SessionUser, body: ProfileInput) {
      const collegeId = user.collegeId;
      if (!collegeId) throw forbidden();
      const topics = await topicsOf(db, collegeId);
      const byKey = new Map(topics.map((t) => [key(t), t]));
      const chosen = distinct(body.topics).map((t) => byKey.get(key(t)));
      if (chosen.some((t) => t === undefined)) throw badRequest(MENTORING_MESSAGES.unknownTopic);
      await db.transaction((tx) =>
        repo.saveProfile(tx, { id: user.id, collegeId }, body.openToMentoring, {
          topics: chosen as string[],
          industries: distinct(body.industries),
          capacity: body.capacity,
          howIHelp: body.howIHelp,
          takingRequests: body.takingRequests,
        }),
      );
      await directory.refresh(collegeId, user.id);
      return {
        profile: presentProfile(await repo.profileOf(db, user.id)),
        topics,
        message: MENTORING_MESSAGES.profileSaved,
      };
    },

    /**
     * A page of the college's mentors ranked for the member (directory.ts ranks the college's
     * list held in the process), each card read fresh: what the member can act on (room, taking
     * requests, their own open request) is never older than the call.
     */
    async suggestions(user: SessionUser, query: SuggestionsInput) {
      const collegeId = user.collegeId;
      if (!collegeId) return { mentors: [], total: 0 };
      // The topic as the college's list spells it, so the stored topics match it exactly.
      const topics = query.topic ? await topicsOf(db, collegeId) : [];
      const topic = query.topic
        ? (topics.find((t) => key(t) === key(query.topic!)) ?? query.topic)
        : undefined;
      const [mentors, me] = await Promise.all([
        directory.mentorsOf(collegeId),
        memberKeys(db, user.id),
      ]);
      if (!me) return { mentors: [], total: 0 };
      const filter = {
        topic,
        industry: query.industry || undefined,
        country: query.country || undefined,
        taking: query.taking === 'true',
      };
      const { page, total } = rankPage(mentors, me, filter, query.page, MENTORING_PAGE_SIZE);
      const cards = new Map(
        (
          await repo.suggestionDetails(
            db,
            { id: user.id, collegeId, batchId: user.batchId },
            page.map((r) => r.mentor.id),
          )
        ).map((row) => [row.id, row]),
      );
      return {
        mentors: page.flatMap(({ mentor, inputs }) => {
          const card = cards.get(mentor.id);
          if (!card) return [];
          // Its room as read now, so the card's reasons say what the member can do now.
          const now = {
            ...inputs,
            takingRequests: card.takingRequests,
            atCapacity: card.activeMentees >= card.capacity,
          };
          return [presentSuggestion(card, now)];
        }),
        total,
      };
    },

    /** A member asks a mentor of their own college; the mentor is told. */
    async request(user: SessionUser, body: RequestInput) {
      const mentorId = body.mentorId.toLowerCase();
      if (mentorId === user.id) throw badRequest(MENTORING_MESSAGES.notYourself);
      const collegeId = user.collegeId;
      if (!collegeId) throw notFound(MENTORING_MESSAGES.notFound);
      const requestId = await telling(async (tx) => {
        // The member's own row: two requests sent at once count each other's.
        await repo.lockMember(tx, user.id);
        const mentor = await repo.mentorFor(tx, collegeId, mentorId);
        if (!mentor) throw notFound(MENTORING_MESSAGES.notFound);
        if (await repo.hasActiveMentorship(tx, user.id, mentorId))
          throw conflict(MENTORING_MESSAGES.alreadyMentoring);
        if (await repo.hasOpenRequest(tx, user.id, mentorId))
          throw conflict(MENTORING_MESSAGES.alreadyAsked);
        if (!mentor.takingRequests) throw conflict(MENTORING_MESSAGES.notTaking);
        if (mentor.active >= mentor.capacity) throw conflict(MENTORING_MESSAGES.atCapacity);
        if ((await repo.openRequestsOf(tx, user.id)) >= MAX_OPEN_MENTORING_REQUESTS)
          throw conflict(MENTORING_MESSAGES.tooManyOpen);
        const id = await repo
          .insertRequest(tx, {
            collegeId,
            menteeId: user.id,
            mentorId,
            goal: body.goal,
            message: body.message,
          })
          .catch((error: unknown) => {
            if (violates(error, 'mentoring_requests_open_pair_uq'))
              throw conflict(MENTORING_MESSAGES.alreadyAsked);
            throw error;
          });
        const told = await notify(tx, {
          recipientIds: [mentorId],
          kind: 'mentoring_request',
          target: { type: 'mentoring_request', id },
          actorId: user.id,
          detail: `Asked you to be their mentor: ${excerpt(body.goal)}`,
        });
        return { answer: id, told };
      });
      return {
        request: await requestAnswer(db, requestId, user.id),
        message: MENTORING_MESSAGES.requestSent,
      };
    },

    async requests(user: SessionUser) {
      const { incoming, outgoing } = await repo.requestsOf(db, user.id);
      return { incoming: incoming.map(presentRequest), outgoing: outgoing.map(presentRequest) };
    },

    /**
     * The mentor accepts: the request becomes a mentorship with the first note, if the mentor
     * still has room, counted under the mentor's lock (never over capacity).
     */
    async accept(user: SessionUser, requestId: string, body: z.output<typeof acceptRequestBody>) {
      const collegeId = await telling(async (tx) => {
        const request = await openRequestForMentor(tx, user, requestId);
        const mentor = await repo.mentorFor(tx, request.collegeId, user.id, { mustBeOpen: false });
        if (!mentor) throw notFound(MENTORING_MESSAGES.requestNotFound);
        if (await repo.hasActiveMentorship(tx, request.menteeId, user.id))
          throw conflict(MENTORING_MESSAGES.alreadyMentoring);
        if (mentor.active >= mentor.capacity) throw conflict(MENTORING_MESSAGES.atCapacity);
        await repo.answerRequest(tx, request.id, 'accepted');
        const mentorshipId = await repo.insertMentorship(tx, request, body.note);
        const told = await notify(tx, {
          recipientIds: [request.menteeId],
          kind: 'mentoring_answered',
          target: { type: 'mentorship', id: mentorshipId },
          actorId: user.id,
          detail: `Accepted your request: ${excerpt(request.goal)}`,
        });
        return { answer: request.collegeId, told };
      });
      // One mentee more: the mentor may now be full.
      await directory.refresh(collegeId, user.id);
      return { request: await requestAnswer(db, requestId, user.id) };
    },

    async decline(user: SessionUser, requestId: string, body: z.output<typeof declineRequestBody>) {
      await telling(async (tx) => {
        const request = await openRequestForMentor(tx, user, requestId);
        await repo.answerRequest(tx, request.id, 'declined', body.reason ?? null);
        const told = await notify(tx, {
          recipientIds: [request.menteeId],
          kind: 'mentoring_answered',
          target: { type: 'mentoring_request', id: request.id },
          actorId: user.id,
          detail: body.reason
            ? `Declined your request. Their reason: ${excerpt(body.reason)}`
            : 'Declined your request.',
        });
        return { answer: null, told };
      });
      return {
        request: await requestAnswer(db, requestId, user.id),
        message: MENTORING_MESSAGES.declined,
      };
    },

    /** The mentee takes back an open request (nobody is told: the mentor's list just drops it). */
    async withdraw(user: SessionUser, requestId: string) {
      await db.transaction(async (tx) => {
        const request = await repo.requestFor(tx, requestId, user.id, true);
        if (!request) throw notFound(MENTORING_MESSAGES.requestNotFound);
        if (request.menteeId !== user.id) throw forbidden();
        if (request.status !== 'open' || request.lapsed) throw conflict(MENTORING_MESSAGES.notOpen);
        await repo.answerRequest(tx, request.id, 'withdrawn');
      });
      return {
        request: await requestAnswer(db, requestId, user.id),
        message: MENTORING_MESSAGES.withdrawn,
      };
    },

    async mentorships(user: SessionUser) {
      return { mentorships: (await ships.mentorshipsOf(db, user.id)).map(presentSummary) };
    },

    mentorship: (user: SessionUser, id: string) => detail(db, user, id),

    async addGoal(user: SessionUser, id: string, text: string) {
      const row = await editable(db, user, id);
      return { goal: presentGoal(await ships.insertGoal(db, row.id, text, user.id)) };
    },

    async changeGoal(
      user: SessionUser,
      id: string,
      goalId: string,
      change: z.output<typeof goalPatchBody>,
    ) {
      const row = await editable(db, user, id);
      const goal = await ships.updateGoal(db, row.id, goalId.toLowerCase(), change);
      if (!goal) throw notFound(MENTORING_MESSAGES.goalNotFound);
      return { goal: presentGoal(goal) };
    },

    async deleteGoal(user: SessionUser, id: string, goalId: string) {
      const row = await editable(db, user, id);
      if (!(await ships.deleteGoal(db, row.id, goalId.toLowerCase())))
        throw notFound(MENTORING_MESSAGES.goalNotFound);
      return { message: 'Goal removed.' };
    },

    async logSession(user: SessionUser, id: string, body: z.output<typeof sessionBody>) {
      if (!realDay(body.heldOn)) throw badRequest('Give the date as YYYY-MM-DD.');
      const row = await editable(db, user, id);
      return { session: presentSession(await ships.insertSession(db, row.id, body, user.id)) };
    },

    /**
     * The first side to call ends the mentorship (its mentor's capacity frees) and rates it, and
     * the other side is told; the other side may then add its own rating, once.
     */
    async end(user: SessionUser, id: string, body: z.output<typeof endMentorshipBody>) {
      const ended = await telling(async (tx) => {
        const row = await readable(tx, user, id, true);
        const side = row.myRole;
        if (!side) throw forbidden(MENTORING_MESSAGES.readOnly);
        if (!(await ships.insertEnding(tx, row.id, side, body.rating, body.comment)))
          throw conflict(MENTORING_MESSAGES.alreadyRated);
        if (row.endedAt) return { answer: null, told: [] };
        await ships.markEnded(tx, row.id, user.id);
        const mentor = { collegeId: row.collegeId, mentorId: row.mentorId };
        const told = await notify(tx, {
          recipientIds: [side === 'mentor' ? row.menteeId : row.mentorId],
          kind: 'mentorship_ended',
          target: { type: 'mentorship', id: row.id },
          actorId: user.id,
          detail: `Ended your mentorship: ${excerpt(row.goal)}`,
        });
        return { answer: mentor, told };
      });
      // The mentor's capacity freed.
      if (ended) await directory.refresh(ended.collegeId, ended.mentorId);
      return detail(db, user, id);
    },
  };
}
export type MentoringService = ReturnType<typeof createMentoringService>;
