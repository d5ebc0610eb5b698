import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  MEMORY_RETURN_GAP_MS,
  MEMORY_RETURN_ROUND_MS,
  initialMemoryReturn,
  memoryReturnStep,
} from './memory-return';

const MB = 1024 * 1024;

/** A reading: the RSS and the heap in MB; 'gc', a full collection; 'busy', a game in play. */
type Reading = [rss: number, heap: number, busy?: 'busy'] | 'gc';
const repeat = (reading: Reading, times: number) => Array.from({ length: times }, () => reading);

/**
 * Feeds the readings, 10 s apart from `from` s; answers the actions that were not 'none', with
 * their second and the RSS.
 */
function run(readings: Reading[], from = 120) {
  const actions: string[] = [];
  let state = initialMemoryReturn;
  let last: [number, number] = [0, 0];
  readings.forEach((reading, i) => {
    const collected = reading === 'gc';
    if (!collected) last = [reading[0], reading[1]];
    const now = (from + i * 10) * 1000;
    const busy = !collected && reading[2] === 'busy';
    const step = memoryReturnStep(state, {
      rss: last[0] * MB,
      heap: last[1] * MB,
      now,
      collected,
      busy,
    });
    state = step.state;
    if (step.action !== 'none') actions.push(`${step.action} at ${now / 1000} s, ${last[0]}`);
  });
  return actions;
}

describe('when memory is returned', () => {
  it('starts a round once the RSS holds a fiftieth of itself more beyond the heap, twice', () => {
    // 100 MB beyond the heap at first, and from 150 s 111: less than 12 (2% of 600) more.
    expect(
      run([
        [600, 500],
        [590, 490],
        [600, 490],
        [600, 489],
        [600, 489],
      ]),
    ).toEqual([]);
    expect(
      run([
        [600, 500],
        [590, 490],
        [600, 490],
        [600, 488],
        [600, 488],
      ]),
    ).toEqual(['start at 160 s, 600']);
  });

  it('starts none for growth that one reading sees (a short burst)', () => {
    // The RSVP rush's 5 s: what is held rises, and the next reading is back near the floor.
    expect(
      run([
        [300, 200],
        [340, 200],
        [330, 228],
        [330, 228],
      ]),
    ).toEqual([]);
    // Seen at two readings apart, not in a row, it is two bursts.
    expect(
      run([
        [300, 200],
        [320, 200],
        [300, 200],
        [320, 200],
        [300, 200],
      ]),
    ).toEqual([]);
  });

  it('starts none while the heap and the RSS grow together (a burst under way)', () => {
    expect(
      run([
        [280, 180],
        [320, 220],
        [360, 260],
        [380, 280],
      ]),
    ).toEqual([]);
  });

  it('asks for at least 8 MB on a portal of a few hundred MB', () => {
    // 2% of 300 MB would be 6: a pool a finished game leaves (9-10 MB in bench:soak) is returned,
    // the 2-3 MB that quiet minutes move by are not.
    expect(
      run([
        [300, 200],
        [300, 193],
        [300, 193],
      ]),
    ).toEqual([]);
    expect(
      run([
        [300, 200],
        [300, 192],
        [300, 192],
      ]),
    ).toEqual(['start at 140 s, 300']);
  });

  it('waits while busy, and starts once it is not', () => {
    expect(
      run([
        [300, 200],
        [330, 200, 'busy'],
        [330, 200, 'busy'],
        [330, 200],
      ]),
    ).toEqual(['start at 150 s, 330']);
  });

  it('lets a starting portal grow for two minutes before it reads a floor', () => {
    expect(MEMORY_RETURN_GAP_MS).toBe(120_000);
    expect(run([[150, 100], ...repeat([250, 150], 12), ...repeat([270, 150], 2)], 0)).toEqual([
      'start at 140 s, 270',
    ]);
    expect(run([[150, 100], ...repeat([250, 150], 12), ...repeat([257, 150], 2)], 0)).toEqual([]);
  });

  it('ends a round with its first full collection', () => {
    expect(run([[300, 200], [300, 180], [300, 180], [300, 180], 'gc'])).toEqual([
      'start at 140 s, 300',
      'end at 160 s, 300',
    ]);
  });

  it('ends a round that saw no full collection after its time', () => {
    expect(MEMORY_RETURN_ROUND_MS).toBe(30_000);
    expect(run([[300, 200], ...repeat([300, 180], 6)])).toEqual([
      'start at 140 s, 300',
      'end at 170 s, 300',
    ]);
  });

  it('waits two minutes after a round, then reads the floor afresh', () => {
    // The round gave nothing back: 120 beyond the heap is the new floor, and 127 is not enough.
    const kept: Reading[] = [[300, 200], ...repeat([300, 180], 2), 'gc', ...repeat([300, 180], 12)];
    expect(run([...kept, [300, 173], ...repeat([300, 172], 2)])).toEqual([
      'start at 140 s, 300',
      'end at 150 s, 300',
      'start at 300 s, 300',
    ]);
    // Growth within those two minutes is part of the floor read after them.
    const regrown: Reading[] = [
      [300, 200],
      ...repeat([300, 180], 2),
      'gc',
      [280, 180],
      ...repeat([300, 160], 12),
    ];
    expect(run(regrown)).toEqual(['start at 140 s, 300', 'end at 150 s, 300']);
  });

  it("gives back a burst's pages while the process stays busy", () => {
    const child = spawnSync(
      process.execPath,
      // The memory reducer looks every 8 s by default; sooner here, to keep the test short.
      [
        '--expose-gc',
        '--gc-memory-reducer-start-delay-ms=500',
        '--import',
        'tsx',
        'apps/server/src/test/memory-burst.ts',
      ],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect(child.stderr).toBe('');
    const lines = child.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg?: string; after?: number; end?: number });
    expect(lines.flatMap((line) => line.msg ?? [])).toEqual([
      'returning memory: the RSS holds more beyond the heap than before',
      'returned memory',
    ]);
    const result = lines.at(-1)!;
    expect(result.after).toBeGreaterThan(200);
    expect(result.end).toBeLessThan(result.after! - 100);
  }, 40_000);
});
