import { describe, expect, it } from 'vitest';
import { lineOf } from './lines';
import type { MailRow } from './repository';

const row = (over: Partial<MailRow>): MailRow => ({
  id: '1',
  userId: 'u',
  kind: 'group_join_request',
  targetType: 'group',
  targetId: 'g1',
  count: 1,
  detail: null,
  email: 'o@example.com',
  fullName: 'Olga Organiser',
  collegeId: null,
  collegeName: 'Alumnet',
  actors: [],
  version: '1',
  ...over,
});

describe('group lines of notification e-mails', () => {
  it('names who asked to join which group, counting everyone who asked', () => {
    const one = row({ actors: ['Asha Rao'], detail: 'Asha Rao asked to join Bengaluru Chapter.' });
    expect(lineOf(one, 'https://x').sentence).toBe('Asha Rao asked to join Bengaluru Chapter');
    const three = row({
      actors: ['Asha Rao', 'Rahul Mehta'],
      count: 3,
      detail: 'Asha Rao asked to join Bengaluru Chapter.',
    });
    expect(lineOf(three, 'https://x')).toMatchObject({
      sentence: 'Asha Rao and 2 others asked to join Bengaluru Chapter',
      detail: null,
    });
    expect(lineOf(row({ actors: ['Asha Rao'] }), 'https://x').sentence).toBe(
      'Asha Rao asked to join your group',
    );
  });

  it('says who posted in a group, with what the post says', () => {
    const post = row({ kind: 'group_post', actors: ['Asha Rao'], detail: 'Run on Sunday?' });
    expect(lineOf(post, 'https://x')).toMatchObject({
      sentence: 'Asha Rao posted in one of your groups',
      detail: 'Run on Sunday?',
    });
  });
});
