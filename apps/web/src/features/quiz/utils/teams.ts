import { TEAM_NAMES } from '@alumnet/contract';

// The Mantine colour of each of TEAM_NAMES, in the same order: a team's button, badge and row
// wear the colour its name says.
const TEAM_COLORS = ['red', 'blue', 'green', 'yellow', 'grape', 'orange', 'teal', 'pink'] as const;

/** A team's colour by its name; a name the app does not know (a renamed team) is plain blue. */
export function teamColor(name: string | null | undefined): string {
  const index = TEAM_NAMES.findIndex((team) => team === name);
  return TEAM_COLORS[index] ?? 'blue';
}
