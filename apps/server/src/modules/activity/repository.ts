import { asc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { colleges } from '../../db/schema';

export function allColleges(db: Executor) {
  return db
    .select({ id: colleges.id, name: colleges.name })
    .from(colleges)
    .orderBy(asc(colleges.name));
}

export type ActivityCountRow = {
  college_id: string;
  day: string;
  kind: string;
  n: number;
};

/**
 * Jobs by type, and job/post likes and comments, per college and day since `since` (UTC days).
 * Likes and comments count toward the college of the job or post.
 */
export async function activityCounts(db: Executor, since: Date) {
  const result = await db.execute<ActivityCountRow>(sql`
    select college_id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, kind,
           count(*)::int as n
    from (
      select j.college_id, j.created_at, j.job_type as kind from jobs j
      union all
      select j.college_id, l.created_at, 'jobLike' from job_likes l join jobs j on j.id = l.job_id
      union all
      select j.college_id, c.created_at, 'jobComment' from job_comments c
        join jobs j on j.id = c.job_id
      union all
      select p.college_id, l.created_at, 'postLike' from post_likes l
        join posts p on p.id = l.post_id
      union all
      select p.college_id, c.created_at, 'postComment' from post_comments c
        join posts p on p.id = c.post_id
    ) activity
    where created_at >= ${since.toISOString()}
    group by 1, 2, 3
  `);
  return result.rows;
}
