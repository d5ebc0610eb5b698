import { ALUMNI_PAGE_SIZE, type alumniSearchBody } from '@alumnet/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { MAX_CITY_ID } from '../../db/schema';
import { adminCollegeId, policy } from '../../lib/policy';
import type { SessionUser } from '../auth/repository';
import * as repo from './repository';

type SearchInput = z.output<typeof alumniSearchBody>;

const yesNo = (value: 'yes' | 'no' | '' | undefined) =>
  value === 'yes' ? true : value === 'no' ? false : undefined;

export function createAlumzoneService(db: Database) {
  return {
    /** The directory of the viewer's own college: the body's collegeId is never used. */
    async search(viewer: SessionUser, body: SearchInput) {
      const cityId = body.locationCity ? Number(body.locationCity) : undefined;
      if (!viewer.collegeId || (cityId !== undefined && cityId > MAX_CITY_ID))
        return { rows: [], total: 0 };
      const filter: repo.DirectoryFilter = {
        collegeId: viewer.collegeId,
        searchText: body.searchText || undefined,
        batchId: body.batch || undefined,
        branchId: body.branch || undefined,
        companyName: body.companyName || undefined,
        countryId: body.locationCountry ? body.locationCountry.toUpperCase() : undefined,
        cityId,
        isEntrepreneur: yesNo(body.hasEntrepreneurExp),
        openToMentoring: yesNo(body.mentorship),
      };
      return repo.findDirectoryPage(
        db,
        filter,
        {
          limit: ALUMNI_PAGE_SIZE,
          offset: (body.pageId - 1) * ALUMNI_PAGE_SIZE,
        },
        viewer,
      );
    },

    /**
     * A member's own college's companies, whatever college the body names (the spec sends one);
     * an admin's filter bar names the college it shows (a super admin's pick), which they must
     * manage.
     */
    async companies(viewer: SessionUser, collegeId?: string) {
      const forAdmin = policy.isAdmin(viewer) && collegeId;
      const college = forAdmin ? adminCollegeId(viewer, collegeId) : viewer.collegeId;
      return college ? repo.listCompanies(db, college, forAdmin ? null : viewer) : [];
    },

    /** 'update city' tells the dashboard to ask the member for a city. */
    async nearbyAlumni(viewer: SessionUser): Promise<number | 'update city'> {
      const row = await repo.countNearbyAlumni(db, viewer.id);
      return row?.cityId == null ? 'update city' : row.nearby;
    },

    async mates(viewer: SessionUser, by: 'batch' | 'branch') {
      const id = by === 'batch' ? viewer.batchId : viewer.branchId;
      if (!viewer.collegeId || !id) return 0;
      return repo.countMates(db, { userId: viewer.id, collegeId: viewer.collegeId, by, id });
    },
  };
}
