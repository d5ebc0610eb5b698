import type {
  MentorProfile,
  MentorSuggestion,
  MentoringPerson,
  MentoringRequest,
  MentorshipDetail,
  MentorshipSummary,
} from '@alumnet/contract';
import type { EndingRow, GoalRow, MentorshipRow, SessionRow } from './mentorships';
import { reasonsOf, scoreOf, type RankingInputs } from './ranking';
import {
  DEFAULT_CAPACITY,
  type ProfileRow,
  type RequestRow,
  type SuggestionDetailRow,
} from './repository';

/** Rows as the contract's answers (issue 29). */

export function presentProfile(row: ProfileRow | undefined): MentorProfile {
  return {
    openToMentoring: row?.openToMentoring ?? false,
    topics: row?.topics ?? [],
    industries: row?.industries ?? [],
    capacity: row?.capacity ?? DEFAULT_CAPACITY,
    howIHelp: row?.howIHelp ?? '',
    takingRequests: row?.takingRequests ?? true,
    activeMentees: row?.activeMentees ?? 0,
  };
}

/** A suggested mentor's card, with the parts that ranked them and the reasons they read. */
export function presentSuggestion(
  row: SuggestionDetailRow,
  inputs: RankingInputs,
): MentorSuggestion {
  return {
    id: row.id,
    fullName: row.fullName,
    profilePicture: row.profilePicture,
    batch: row.batch,
    branch: row.branch,
    companyName: row.companyName,
    city: row.city,
    country: row.country,
    topics: row.topics,
    industries: row.industries,
    howIHelp: row.howIHelp,
    capacity: row.capacity,
    activeMentees: row.activeMentees,
    takingRequests: row.takingRequests,
    score: scoreOf(inputs),
    reasons: reasonsOf(inputs, {
      branch: row.branch,
      company: row.companyName,
      city: row.city,
      country: row.country,
    }),
    requested: row.requested,
  };
}

type Side = 'mentor' | 'mentee';
type PersonColumns = Record<`${Side}${'Name' | 'Picture' | 'Batch' | 'Branch'}`, string | null> &
  Record<`${Side}Id`, string>;

const person = (row: PersonColumns, side: Side): MentoringPerson => ({
  id: row[`${side}Id`],
  fullName: row[`${side}Name`] ?? '',
  profilePicture: row[`${side}Picture`],
  batch: row[`${side}Batch`],
  branch: row[`${side}Branch`],
});

export function presentRequest(row: RequestRow): MentoringRequest {
  return {
    id: row.id,
    mentor: person(row, 'mentor'),
    mentee: person(row, 'mentee'),
    goal: row.goal,
    message: row.message,
    // Past its expiry, an open request is expired to everyone, even before the job marks it.
    status: row.lapsed ? 'expired' : row.status,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    answeredAt: row.answeredAt,
    reason: row.reason,
    mentorshipId: row.mentorshipId,
  };
}

export function presentSummary(row: MentorshipRow): MentorshipSummary {
  return {
    id: row.id,
    mentor: person(row, 'mentor'),
    mentee: person(row, 'mentee'),
    goal: row.goal,
    startedAt: row.startedAt,
    endedAt: row.endedAt,
    myRole: row.myRole,
    goalsDone: row.goalsDone,
    goalsTotal: row.goalsTotal,
    sessions: row.sessions,
  };
}

export const presentGoal = (g: GoalRow) => ({
  id: g.id,
  text: g.text,
  done: g.done,
  doneAt: g.doneAt,
});

export const presentSession = (s: SessionRow) => ({
  id: s.id,
  heldOn: s.heldOn,
  minutes: s.minutes,
  notes: s.notes,
  // A member who left: their sessions stay, unnamed.
  loggedBy: {
    id: s.loggedById ?? '00000000-0000-0000-0000-000000000000',
    fullName: s.loggedByName ?? 'Former member',
  },
  createdAt: s.createdAt,
});

export function presentDetail(
  row: MentorshipRow,
  goals: GoalRow[],
  sessions: SessionRow[],
  endings: EndingRow[],
): MentorshipDetail {
  const mine = row.myRole;
  return {
    ...presentSummary(row),
    message: row.message,
    firstNote: row.firstNote,
    goals: goals.map(presentGoal),
    sessionLog: sessions.map(presentSession),
    endings: endings.map((e) => ({ by: e.side, rating: e.rating, comment: e.comment, at: e.at })),
    mayEdit: mine !== null && row.endedAt === null,
    mayRate: mine !== null && !endings.some((e) => e.side === mine),
  };
}
