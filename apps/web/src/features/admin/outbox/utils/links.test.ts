import { describe, expect, it } from 'vitest';
import { splitLinks } from './links';

describe('splitLinks', () => {
  it('finds every http(s) link and keeps the text around it', () => {
    expect(
      splitLinks('Join here: https://alumnet.dev/invite/abc123 or http://x.io/a?b=1\nThanks'),
    ).toEqual([
      { kind: 'text', text: 'Join here: ' },
      { kind: 'link', text: 'https://alumnet.dev/invite/abc123' },
      { kind: 'text', text: ' or ' },
      { kind: 'link', text: 'http://x.io/a?b=1' },
      { kind: 'text', text: '\nThanks' },
    ]);
  });

  it('leaves sentence punctuation out of the link', () => {
    expect(splitLinks('Open (https://a.dev/x).')).toEqual([
      { kind: 'text', text: 'Open (' },
      { kind: 'link', text: 'https://a.dev/x' },
      { kind: 'text', text: ').' },
    ]);
  });

  it('returns plain text untouched', () => {
    expect(splitLinks('Password: AB12CD')).toEqual([{ kind: 'text', text: 'Password: AB12CD' }]);
    expect(splitLinks('')).toEqual([]);
  });
});
