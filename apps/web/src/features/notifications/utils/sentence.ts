import { NOTIFICATION_ACTORS_SHOWN, type Notification } from '@alumnet/contract';
import { pathTo, paths } from '../../../config/paths';

/** A notification as the list reads it: who (set in bold, or null) and what happened. */
export interface Sentence {
  who: string | null;
  what: string;
}

/**
 * Who did it: 'Asha Rao', 'Asha Rao and Rahul Verma', 'Asha Rao and 12 others'. A row names its
 * latest few actors; when it names fewer than it could, those are all of them. Otherwise `count`
 * (one a like, so one a member for likes) says how many there were.
 */
export function whoDidIt({ actors, count }: Pick<Notification, 'actors' | 'count'>) {
  const [first, second] = actors;
  if (!first) return 'Someone';
  const people =
    actors.length < NOTIFICATION_ACTORS_SHOWN ? actors.length : Math.max(actors.length, count);
  if (people === 1) return first.fullName;
  if (people === 2 && second) return `${first.fullName} and ${second.fullName}`;
  const others = people - 1;
  return `${first.fullName} and ${others} ${others === 1 ? 'other' : 'others'}`;
}

const DECISIONS = /^(approved|rejected)$/i;

/**
 * A group's decision: the server sends it as a sentence ("Your request to join Bengaluru Chapter
 * was approved."); the decision alone ("approved") is read as well.
 */
function groupDecision(detail: string | null) {
  if (!detail) return 'Your request to join a group was answered';
  if (DECISIONS.test(detail.trim())) {
    return `Your request to join a group was ${detail.trim().toLowerCase()}`;
  }
  // Like every other sentence of the list, without a closing full stop.
  return detail.trim().replace(/\.$/, '');
}

const ASKED = ' asked to join ';
/**
 * The group a join request names: the server writes "Asha Rao asked to join Bengaluru
 * Chapter." (the row keeps the latest request's), so the sentence counts everyone who asked.
 */
function requestedGroup(detail: string | null) {
  const at = detail?.indexOf(ASKED) ?? -1;
  if (!detail || at < 0) return null;
  return (
    detail
      .slice(at + ASKED.length)
      .trim()
      .replace(/\.$/, '') || null
  );
}

/**
 * An event's news: the server writes it whole, naming the event and what changed ("Reunion has
 * changed. New time: …", "Reminder: Reunion starts at 18:00 …"); without it, a line of our own.
 */
const eventSentence = (detail: string | null, otherwise: string) =>
  // Like every other sentence of the list, without a closing full stop.
  detail?.trim().replace(/\.$/, '') || otherwise;

/** What the list says of one notification (issue 26), grouped rows included. */
export function sentence(n: Notification): Sentence {
  const who = whoDidIt(n);
  switch (n.kind) {
    case 'post_like':
      return { who, what: 'liked your post' };
    case 'job_like':
      return { who, what: 'liked your job' };
    case 'post_comment':
      return { who, what: 'commented on your post' };
    case 'job_comment':
      return { who, what: 'commented on your job' };
    case 'post_reply':
      return { who, what: 'also commented on a post' };
    case 'chat_message':
      return { who, what: n.count > 1 ? `sent you ${n.count} messages` : 'wrote to you' };
    case 'group_request_decided':
      return { who: null, what: groupDecision(n.detail) };
    case 'group_join_request':
      return { who, what: `asked to join ${requestedGroup(n.detail) ?? 'your group'}` };
    // The detail is the post's first words (quoted under the sentence), not the group's name.
    case 'group_post':
      return { who, what: 'posted in one of your groups' };
    case 'event_changed':
      return { who: null, what: eventSentence(n.detail, 'An event you are going to has changed') };
    case 'event_cancelled':
      return {
        who: null,
        what: eventSentence(n.detail, 'An event you were going to was cancelled'),
      };
    case 'event_promoted':
      return {
        who: null,
        what: eventSentence(n.detail, 'A place came free: you are going to the event'),
      };
    case 'event_reminder':
      return { who: null, what: eventSentence(n.detail, 'An event you are going to starts soon') };
    case 'signups_waiting':
      return {
        who: null,
        what:
          n.count === 1
            ? '1 sign-up is waiting for approval'
            : `${n.count} sign-ups are waiting for approval`,
      };
    case 'mentoring_request':
      return { who, what: 'asked you to be their mentor' };
    case 'mentoring_answered':
      return { who, what: 'answered your request for mentoring' };
    case 'mentoring_expired':
      return { who: null, what: 'Your request for mentoring expired unanswered' };
    case 'mentorship_ended':
      return { who, what: 'ended your mentorship' };
  }
}

/** The sentence as one string ("Asha Rao and 12 others liked your post"). */
export const sentenceText = (n: Notification) => {
  const { who, what } = sentence(n);
  return who ? `${who} ${what}` : what;
};

/** The comment's first words under the sentence, for the kinds whose detail is one. */
export const quotedDetail = (n: Notification) =>
  n.kind === 'post_comment' ||
  n.kind === 'job_comment' ||
  n.kind === 'post_reply' ||
  n.kind === 'group_post'
    ? n.detail
    : null;

/** Where a row leads: the server's address, or the group's page for what happened in a group. */
export function notificationLink({ kind, target }: Pick<Notification, 'kind' | 'target'>) {
  if ((kind === 'group_join_request' || kind === 'group_post') && target.type === 'group') {
    return pathTo(paths.group, { id: target.id });
  }
  if (target.type === 'event') return pathTo(paths.event, { id: target.id });
  return target.url;
}
