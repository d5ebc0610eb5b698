import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useStagedList } from './use-staged-list';

/** Every value the hook answered, render by render (act() runs the transition before returning). */
function renderStaged(initial: string[] | undefined) {
  const seen: (readonly [string[] | undefined, boolean])[] = [];
  const hook = renderHook(
    ({ items }: { items: string[] | undefined }) => {
      const answer = useStagedList(items, 2);
      seen.push(answer);
      return answer;
    },
    { initialProps: { items: initial } },
  );
  return { seen, rerender: (items: string[]) => hook.rerender({ items }) };
}

describe('useStagedList', () => {
  it('draws the first items, then all of them, and later lists whole at once', () => {
    const { seen, rerender } = renderStaged(undefined);
    expect(seen).toEqual([[undefined, true]]);

    const first = ['a', 'b', 'c', 'd', 'e'];
    rerender(first);
    expect(seen.slice(1)).toEqual([
      [['a', 'b'], false],
      [first, true],
    ]);

    const next = ['f', 'g', 'h'];
    seen.length = 0;
    rerender(next);
    expect(seen).toEqual([[next, true]]);
  });

  it('counts a short list as whole from the start', () => {
    const { seen } = renderStaged(['a']);
    for (const answer of seen) expect(answer).toEqual([['a'], true]);
  });
});
