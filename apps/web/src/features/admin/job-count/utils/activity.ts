import type { ActivityDay, CollegeActivity } from '@alumnet/contract';
import { format, parseISO } from 'date-fns';

/** The six counts, in chart and table order, with their column titles (admin-area.md §3). */
export const ACTIVITY_SERIES = [
  { name: 'internshipCount', label: 'Internships', color: 'blue.6' },
  { name: 'fulltimeCount', label: 'Full-time Jobs', color: 'indigo.6' },
  { name: 'jobLikesCount', label: 'Job Likes', color: 'teal.6' },
  { name: 'jobCommentsCount', label: 'Job Comments', color: 'green.6' },
  { name: 'postLikesCount', label: 'Post Likes', color: 'orange.6' },
  { name: 'postCommentsCount', label: 'Post Comments', color: 'grape.6' },
] as const satisfies readonly {
  name: keyof Omit<ActivityDay, 'date'>;
  label: string;
  color: string;
}[];

/** A day as the chart axis and the table show it, e.g. 'Mar 02'. */
export const dayLabel = (date: string) => format(parseISO(date), 'MMM dd');

/** The chosen college's entry, or the first college when none (or an unknown one) is chosen. */
export function pickCollege(entries: CollegeActivity[], collegeId: string | null) {
  return entries.find((e) => e.collegeId === collegeId) ?? entries[0];
}

/** Each count summed over the days. */
export function totals(days: ActivityDay[]) {
  return Object.fromEntries(
    ACTIVITY_SERIES.map(({ name }) => [name, days.reduce((sum, d) => sum + d[name], 0)]),
  ) as Record<(typeof ACTIVITY_SERIES)[number]['name'], number>;
}
