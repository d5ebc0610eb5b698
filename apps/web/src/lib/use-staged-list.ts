import { startTransition, useEffect, useMemo, useState, useSyncExternalStore } from 'react';

/**
 * A long list drawn in two commits the first time it has items: the first `first` of them at
 * once, the rest in a transition just after. React slices a render but not its commit (putting
 * the elements into the page, their layout effects, the browser's layout), and a table page of
 * Mantine rows committed whole was a task of 300-600 ms on a phone (Lighthouse, 4x slowdown).
 * Later lists (another page, other filters) are drawn whole: the rows are already on screen,
 * and so is a list on a page the server drew (src/ssr.tsx): taking over elements that are
 * already there is not the costly part.
 * Answers the items to draw and whether they are all of them: what sits below the list waits
 * for that, or the rest's arrival would push it down (a layout shift).
 */
export function useStagedList<T>(items: T[] | undefined, first: number) {
  const [whole, setWhole] = useState(useDrawnByServer());
  const ready = items !== undefined;
  useEffect(() => {
    if (ready && !whole) startTransition(() => setWhole(true));
  }, [ready, whole]);
  const drawn = useMemo(
    () => (items && !whole ? items.slice(0, first) : items),
    [items, whole, first],
  );
  return [drawn, whole || !items || items.length <= first] as const;
}

const subscribeToNothing = () => () => {};

/**
 * True while the server draws the page, and while the browser takes that page over; false in
 * a render of the browser's own (React renders again with it once the page is taken over).
 */
export const useDrawnByServer = () =>
  useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
