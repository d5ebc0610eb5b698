import type { NotificationKind } from '@alumnet/contract';
import type { NotificationLine } from '../../mail/templates';
import { targetUrl } from '../notifications';
import type { MailRow } from './repository';

/** "Asha Rao", "Asha Rao and Rahul Mehta", "Asha Rao and 3 others". */
export function whoDid(actors: readonly string[], count: number) {
  const [first, second] = actors;
  if (!first) return count > 1 ? `${count} people` : 'Someone';
  if (count <= 1) return first;
  if (count === 2 && second) return `${first} and ${second}`;
  return `${first} and ${count - 1} ${count - 1 === 1 ? 'other' : 'others'}`;
}

/** What happened, as one sentence without the final stop. */
export function sentenceOf(kind: NotificationKind, actors: readonly string[], count: number) {
  const who = whoDid(actors, count);
  switch (kind) {
    case 'post_like':
      return `${who} liked your post`;
    case 'job_like':
      return `${who} liked your job posting`;
    case 'post_comment':
      return `${who} commented on your post`;
    case 'job_comment':
      return `${who} commented on your job posting`;
    case 'post_reply':
      return `${who} also commented on a post you commented on`;
    case 'chat_message':
      return `${actors[0] ?? 'Someone'} sent you ${count > 1 ? `${count} messages` : 'a message'}`;
    case 'group_request_decided':
      return 'Your request to join a group was answered';
    case 'group_join_request':
      return `${who} asked to join your group`;
    case 'group_post':
      return `${who} posted in one of your groups`;
    case 'event_changed':
      return 'An event you are going to changed its time or place';
    case 'event_cancelled':
      return 'An event you were going to was cancelled';
    case 'event_promoted':
      return 'A seat came free: you are going to an event you were waitlisted for';
    case 'event_reminder':
      return 'An event you are going to starts soon';
    case 'signups_waiting':
      return `${count} ${count === 1 ? 'sign-up is' : 'sign-ups are'} waiting for your approval`;
    case 'mentoring_request':
      return `${who} asked you to be their mentor`;
    case 'mentoring_answered':
      return `${actors[0] ?? 'A mentor'} answered your request for mentoring`;
    case 'mentoring_expired':
      return 'A request of yours for mentoring expired unanswered';
    case 'mentorship_ended':
      return `${actors[0] ?? 'Someone'} ended your mentorship`;
  }
}

/** What a kind's e-mail is about, for "Stop e-mails about …" and the unsubscribe page. */
export const KIND_IN_WORDS: Record<NotificationKind, string> = {
  post_like: 'likes on your posts',
  job_like: 'likes on your job postings',
  post_comment: 'comments on your posts',
  job_comment: 'comments on your job postings',
  post_reply: 'comments after yours on a post',
  chat_message: 'chat messages',
  group_request_decided: 'answers to your requests to join groups',
  group_join_request: 'requests to join the groups you organise',
  group_post: 'posts in your groups',
  event_changed: 'changes to events you are going to',
  event_cancelled: 'cancelled events you were going to',
  event_promoted: 'seats coming free for events you were waitlisted for',
  event_reminder: 'reminders of events you are going to',
  signups_waiting: 'sign-ups waiting for approval',
  mentoring_request: 'requests for you to mentor someone',
  mentoring_answered: 'answers to your requests for a mentor',
  mentoring_expired: 'requests for a mentor that expired',
  mentorship_ended: 'mentorships ended by the other side',
};

const EVENT_KINDS = new Set<NotificationKind>([
  'event_changed',
  'event_cancelled',
  'event_promoted',
  'event_reminder',
]);

/** The group a join request's detail names ("Asha Rao asked to join Bengaluru Chapter."). */
function requestedGroup(detail: string | null) {
  const verb = ' asked to join ';
  const at = detail?.indexOf(verb) ?? -1;
  if (!detail || at < 0) return null;
  return (
    detail
      .slice(at + verb.length)
      .replace(/\.$/, '')
      .trim() || null
  );
}

export function lineOf(row: MailRow, publicUrl: string): NotificationLine {
  const url = `${publicUrl}${targetUrl(row.targetType, row.targetId)}`;
  // A group's decision is written whole in its detail ("Your request to join X was approved.").
  if (row.kind === 'group_request_decided' && row.detail)
    return { sentence: row.detail.replace(/\.$/, ''), url, detail: null };
  // An event's notification is written whole in its detail ("Reunion 2026 was cancelled."): it
  // names the event and what happened, which the kind's sentence alone cannot.
  if (EVENT_KINDS.has(row.kind) && row.detail)
    return { sentence: row.detail.replace(/\.$/, ''), url, detail: null };
  // Requests to one group are grouped into one row that keeps the latest detail: the sentence
  // counts everyone who asked and names the group from it.
  const group = row.kind === 'group_join_request' ? requestedGroup(row.detail) : null;
  if (group)
    return {
      sentence: `${whoDid(row.actors, row.count)} asked to join ${group}`,
      url,
      detail: null,
    };
  return { sentence: sentenceOf(row.kind, row.actors, row.count), url, detail: row.detail };
}
