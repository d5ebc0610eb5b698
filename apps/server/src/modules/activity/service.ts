import { ACTIVITY_DAYS } from '@alumnet/contract';
import type { Executor } from '../../db/client';
import { lastDays, presentActivity } from './presenter';
import { activityCounts, allColleges } from './repository';

/** Jobs and Activity Count for the last 30 days (admin-area.md §3), every college. */
export function createActivityService(db: Executor) {
  return {
    async jobsCount(now = new Date()) {
      const days = lastDays(now, ACTIVITY_DAYS);
      const since = new Date(`${days[0]}T00:00:00Z`);
      const [colleges, counts] = await Promise.all([allColleges(db), activityCounts(db, since)]);
      return presentActivity(colleges, days, counts);
    },
  };
}
