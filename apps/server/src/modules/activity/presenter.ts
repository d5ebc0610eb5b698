import type { ActivityDay, CollegeActivity } from '@alumnet/contract';
import type { ActivityCountRow } from './repository';

const KEYS: Record<string, keyof Omit<ActivityDay, 'date'>> = {
  internship: 'internshipCount',
  fulltime: 'fulltimeCount',
  jobLike: 'jobLikesCount',
  jobComment: 'jobCommentsCount',
  postLike: 'postLikesCount',
  postComment: 'postCommentsCount',
};

/** The UTC days from `days - 1` days before `today` up to `today`, oldest first. */
export function lastDays(today: Date, days: number): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: days }, (_, i) =>
    new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** One entry per college with a zero-filled row for each of the given days. */
export function presentActivity(
  colleges: { id: string; name: string }[],
  days: string[],
  counts: ActivityCountRow[],
): CollegeActivity[] {
  return colleges.map((college) => {
    const byDay = new Map<string, ActivityDay>(
      days.map((date) => [
        date,
        {
          date,
          internshipCount: 0,
          fulltimeCount: 0,
          jobLikesCount: 0,
          jobCommentsCount: 0,
          postLikesCount: 0,
          postCommentsCount: 0,
        },
      ]),
    );
    for (const row of counts) {
      const day = row.college_id === college.id ? byDay.get(row.day) : undefined;
      const key = KEYS[row.kind];
      if (day && key) day[key] += Number(row.n);
    }
    return { collegeId: college.id, collegeName: college.name, data: [...byDay.values()] };
  });
}
