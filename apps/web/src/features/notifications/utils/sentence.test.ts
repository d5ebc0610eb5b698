import type { Notification } from '@alumnet/contract';
import { describe, expect, it } from 'vitest';
import { id } from '../../../testing/member';
import { notificationLink, quotedDetail, sentenceText } from './sentence';

const person = (n: number, fullName: string) => ({ id: id(n), fullName, profilePicture: null });
const ASHA = person(2, 'Asha Rao');
const RAHUL = person(3, 'Rahul Verma');
const MEERA = person(4, 'Meera Menon');

const row = (change: Partial<Notification>): Notification => ({
  id: id(5),
  kind: 'post_like',
  count: 1,
  actors: [ASHA],
  target: { type: 'post', id: id(6), url: `/feed?post=${id(6)}` },
  createdAt: '2025-06-15T12:00:00.000Z',
  readAt: null,
  detail: null,
  ...change,
});

describe('sentence', () => {
  it('names one, two, or the first and how many others', () => {
    expect(sentenceText(row({}))).toBe('Asha Rao liked your post');
    expect(sentenceText(row({ count: 2, actors: [ASHA, RAHUL] }))).toBe(
      'Asha Rao and Rahul Verma liked your post',
    );
    expect(sentenceText(row({ count: 13, actors: [ASHA, RAHUL, MEERA] }))).toBe(
      'Asha Rao and 12 others liked your post',
    );
    expect(sentenceText(row({ count: 3, actors: [ASHA, RAHUL, MEERA] }))).toBe(
      'Asha Rao and 2 others liked your post',
    );
    // Two comments by one member are still one member.
    expect(sentenceText(row({ kind: 'post_comment', count: 2, actors: [ASHA] }))).toBe(
      'Asha Rao commented on your post',
    );
    expect(sentenceText(row({ actors: [] }))).toBe('Someone liked your post');
  });

  it('says what happened for every kind', () => {
    expect(sentenceText(row({ kind: 'job_like' }))).toBe('Asha Rao liked your job');
    expect(sentenceText(row({ kind: 'job_comment', actors: [RAHUL] }))).toBe(
      'Rahul Verma commented on your job',
    );
    expect(sentenceText(row({ kind: 'post_reply', actors: [MEERA] }))).toBe(
      'Meera Menon also commented on a post',
    );
    expect(sentenceText(row({ kind: 'chat_message' }))).toBe('Asha Rao wrote to you');
    expect(sentenceText(row({ kind: 'chat_message', count: 3 }))).toBe(
      'Asha Rao sent you 3 messages',
    );
    expect(
      sentenceText(
        row({
          kind: 'group_request_decided',
          detail: 'Your request to join Bengaluru Chapter was approved.',
        }),
      ),
    ).toBe('Your request to join Bengaluru Chapter was approved');
    expect(sentenceText(row({ kind: 'group_request_decided', detail: 'rejected' }))).toBe(
      'Your request to join a group was rejected',
    );
    expect(sentenceText(row({ kind: 'signups_waiting', count: 5, actors: [] }))).toBe(
      '5 sign-ups are waiting for approval',
    );
    expect(sentenceText(row({ kind: 'signups_waiting', count: 1, actors: [] }))).toBe(
      '1 sign-up is waiting for approval',
    );
  });

  it("names the group a request was made to, quotes a group's post, and leads to the group", () => {
    const target = { type: 'group' as const, id: id(7), url: '/groups' };
    const asked = 'Rahul Verma asked to join Bengaluru Chapter.';
    expect(sentenceText(row({ kind: 'group_join_request', detail: asked, target }))).toBe(
      'Asha Rao asked to join Bengaluru Chapter',
    );
    expect(
      sentenceText(
        row({ kind: 'group_join_request', count: 2, actors: [ASHA, RAHUL], detail: asked, target }),
      ),
    ).toBe('Asha Rao and Rahul Verma asked to join Bengaluru Chapter');
    expect(sentenceText(row({ kind: 'group_join_request', detail: null, target }))).toBe(
      'Asha Rao asked to join your group',
    );
    const posted = row({ kind: 'group_post', detail: 'Meet-up on Sunday', target });
    expect(sentenceText(posted)).toBe('Asha Rao posted in one of your groups');
    expect(quotedDetail(posted)).toBe('Meet-up on Sunday');
    expect(notificationLink(posted)).toBe(`/groups/${id(7)}`);
    expect(notificationLink(row({}))).toBe(`/feed?post=${id(6)}`);
  });

  it('quotes a comment, not a decision', () => {
    expect(quotedDetail(row({ kind: 'post_comment', detail: 'Great news!' }))).toBe('Great news!');
    expect(quotedDetail(row({ kind: 'group_request_decided', detail: 'approved' }))).toBeNull();
  });
});

describe('event notifications', () => {
  const event = (kind: Notification['kind'], detail: string | null) =>
    row({
      kind,
      actors: [],
      detail,
      target: { type: 'event', id: id(7), url: `/events/${id(7)}` },
    });

  it("shows the server's sentence, and leads to the event's page", () => {
    expect(
      sentenceText(
        event(
          'event_changed',
          'Class of 2012 reunion has changed. New time: Sat 12 Jul, 18:00 (Asia/Kolkata).',
        ),
      ),
    ).toBe('Class of 2012 reunion has changed. New time: Sat 12 Jul, 18:00 (Asia/Kolkata)');
    expect(sentenceText(event('event_cancelled', 'Reunion on 12 Jul was cancelled.'))).toBe(
      'Reunion on 12 Jul was cancelled',
    );
    expect(sentenceText(event('event_promoted', null))).toBe(
      'A place came free: you are going to the event',
    );
    expect(sentenceText(event('event_reminder', null))).toBe(
      'An event you are going to starts soon',
    );
    expect(notificationLink(event('event_reminder', null))).toBe(`/events/${id(7)}`);
  });
});
