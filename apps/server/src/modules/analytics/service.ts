import { ANALYTICS_MESSAGES, type DistributionBody, type NewDataBody } from '@alumnet/contract';
import type { Database } from '../../db/client';
import { forbidden } from '../../lib/errors';
import { adminCollegeId, policy } from '../../lib/policy';
import type { SessionUser } from '../auth/repository';
import { pieSlices } from './presenter';
import * as repo from './repository';

export function createAnalyticsService(db: Database) {
  return {
    /** The chosen college's alumni by batch, country or company, as the pie's slices. */
    async distribution(admin: SessionUser, body: DistributionBody) {
      const collegeId = adminCollegeId(admin, body.collegeId);
      const rows = await repo.distribution(db, collegeId, {
        degreeId: body.degreeId,
        isRegistered:
          body.registrationStatus === undefined
            ? undefined
            : body.registrationStatus === 'Registered',
        type: body.distributionType,
      });
      return {
        distribution: pieSlices(rows),
        totalUsers: rows.reduce((sum, r) => sum + r.value, 0),
      };
    },

    newData(admin: SessionUser, body: NewDataBody) {
      const collegeId = adminCollegeId(admin, body.collegeId);
      return repo.pendingNewData(db, collegeId, {
        limit: body.limit,
        offset: (body.page - 1) * body.limit,
      });
    },

    /** `all` (every college) is for super admins; a college admin lists their own college. */
    companies(admin: SessionUser, requested: string, page: number, limit: number) {
      let collegeId: string | undefined;
      if (requested === 'all') {
        if (!policy.isSuperAdmin(admin)) throw forbidden(ANALYTICS_MESSAGES.onlySuperAdminAll);
        collegeId = undefined;
      } else collegeId = adminCollegeId(admin, requested);
      return repo.companies(db, collegeId, { limit, offset: (page - 1) * limit });
    },
  };
}
