import type { SessionUser } from '../modules/auth/repository';
import { forbidden } from './errors';

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
  /** Edit or delete a job posting: its author, an admin of its college, or a super admin. */
  mayEditJob: (user: SessionUser, job: { authorId: string; collegeId: string }) =>
    user.id === job.authorId ||
    user.isSuperAdmin ||
    (user.userType === 'a' && user.collegeId === job.collegeId),
};

/**
 * The spec's bodies name the caller (`userId`, `postedBy`, `commenterId`, `collegeId`). They are
 * accepted for compatibility, but only when they name the session's own user and college.
 */
export function assertActsForSelf(
  user: Pick<SessionUser, 'id' | 'collegeId'>,
  claimed: { userId?: string; postedBy?: string; commenterId?: string; collegeId?: string },
) {
  // UUIDs may arrive in upper case; they name the same row.
  const differs = (value: string | undefined, own: string | null) =>
    value !== undefined && value.toLowerCase() !== own?.toLowerCase();
  if (
    differs(claimed.userId, user.id) ||
    differs(claimed.postedBy, user.id) ||
    differs(claimed.commenterId, user.id) ||
    differs(claimed.collegeId, user.collegeId)
  ) {
    throw forbidden('You can only act for yourself.');
  }
}
