import { useMantineTheme, type MantineBreakpoint } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * True on screens at least as wide as the breakpoint, known from the first render (the app runs
 * only in the browser): for parts a phone does not show at all. Mantine's `visibleFrom` hides
 * them with CSS, but the phone still builds them first, and the desktop filters of Alum Zone and
 * the admin dashboard are a dozen pickers with their lookups, a long task on a slow phone.
 */
export function useFromBreakpoint(breakpoint: MantineBreakpoint) {
  const theme = useMantineTheme();
  return (
    useMediaQuery(`(min-width: ${theme.breakpoints[breakpoint]})`, undefined, {
      getInitialValueInEffect: false,
    }) ?? false
  );
}
