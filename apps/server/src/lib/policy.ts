import type { SessionUser } from '../modules/auth/repository';

/**
 * The one place that answers "may this user do this to that". Admins reach only their own
 * college; super admins reach every college.
 */
export const policy = {
  isAdmin: (user: SessionUser) => user.userType === 'a' || user.isSuperAdmin,
  /** Act on a college's data: its members read, its admins manage. */
  reachesCollege: (user: SessionUser, collegeId: string | null) =>
    user.isSuperAdmin || (collegeId !== null && user.collegeId === collegeId),
  /** See another user's profile record: oneself, an admin of their college, or a super admin. */
  mayViewProfile: (user: SessionUser, target: { id: string; collegeId: string | null }) =>
    user.id === target.id ||
    user.isSuperAdmin ||
    (user.userType === 'a' && target.collegeId !== null && user.collegeId === target.collegeId),
};
