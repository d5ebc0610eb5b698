import { describe, expect, it } from 'vitest';
import { LocalPresence } from './presence';

describe('LocalPresence', () => {
  it('keeps a member online until their last connection closes, in any order', async () => {
    const presence = new LocalPresence();
    await presence.add('c1', 'ann', 'a1');
    await presence.add('c1', 'bob', 'b1');
    await presence.add('c1', 'ann', 'a2');
    await presence.add('c1', 'ann', 'a3');
    expect(await presence.online('c1')).toEqual(['ann', 'bob']);
    expect([...presence.connections()].sort()).toEqual([
      ['c1', 'ann', 'a1'],
      ['c1', 'ann', 'a2'],
      ['c1', 'ann', 'a3'],
      ['c1', 'bob', 'b1'],
    ]);

    await presence.remove('c1', 'ann', 'a2');
    await presence.remove('c1', 'ann', 'a1');
    expect(await presence.online('c1')).toEqual(['ann', 'bob']);
    // A connection that is not (or no longer) held changes nothing.
    await presence.remove('c1', 'ann', 'a1');
    await presence.remove('c1', 'ann', 'gone');
    expect([...presence.connections()].sort()).toEqual([
      ['c1', 'ann', 'a3'],
      ['c1', 'bob', 'b1'],
    ]);

    await presence.remove('c1', 'ann', 'a3');
    expect(await presence.online('c1')).toEqual(['bob']);
    await presence.add('c1', 'ann', 'a4');
    expect(await presence.online('c1')).toEqual(['ann', 'bob']);
  });

  it('keeps colleges apart and names them on close', async () => {
    const presence = new LocalPresence();
    await presence.add('c1', 'ann', 'a1');
    await presence.add('c2', 'cat', 'c1');
    expect(await presence.online('c2')).toEqual(['cat']);
    await presence.remove('c2', 'cat', 'c1');
    expect(await presence.online('c2')).toEqual([]);
    expect(presence.collegeIds()).toEqual(['c1']);
    expect(await presence.close()).toEqual(['c1']);
    expect(await presence.online('c1')).toEqual([]);
  });
});
