import type { AccessLevel } from '@alumnet/contract';
import type { SessionUser } from '../modules/auth/repository';
import { forbidden } from './errors';

/**
 * The one place that answers "may this user do this to that". Admins reach only their own
 * college; super admins reach every college.
 */
export const policy = {
  isAdmin: (user: Pick<SessionUser, 'userType' | 'isSuperAdmin'>) =>
    user.userType === 'a' || user.isSuperAdmin,
  isSuperAdmin: (user: SessionUser) => user.isSuperAdmin,
  /** Manage a college's members, structure and jobs: its admins, and super admins. */
  mayManageCollege: (user: SessionUser, collegeId: string | null) =>
    user.isSuperAdmin ||
    (user.userType === 'a' && collegeId !== null && user.collegeId === collegeId),
  /** Act on a college's data: its members read, its admins manage. */
  reachesCollege: (user: SessionUser, collegeId: string | null) =>
    user.isSuperAdmin || (collegeId !== null && user.collegeId === collegeId),
  /** See another user's profile record: oneself, an admin of their college, or a super admin. */
  mayViewProfile: (user: SessionUser, target: { id: string; collegeId: string | null }) =>
    ownerOrItsAdmin(user, target.id, target.collegeId),
  /** Edit or delete a job posting: its author, an admin of its college, or a super admin. */
  mayEditJob: (user: SessionUser, job: { authorId: string; collegeId: string }) =>
    ownerOrItsAdmin(user, job.authorId, job.collegeId),
};

/** The owner of something, an admin of the college it belongs to, or a super admin. */
function ownerOrItsAdmin(user: SessionUser, ownerId: string, collegeId: string | null) {
  return (
    user.id === ownerId ||
    user.isSuperAdmin ||
    (user.userType === 'a' && collegeId !== null && user.collegeId === collegeId)
  );
}

/**
 * The id a member shares posts and jobs with at a level, which is also the id of what they see at
 * that level: their own college, batch or branch (null: they have none at that level).
 */
export const levelIdOf = <Id extends string | null>(
  member: { collegeId: Id; batchId: Id; branchId: Id },
  level: AccessLevel,
): Id =>
  level === 'college' ? member.collegeId : level === 'batch' ? member.batchId : member.branchId;

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

/**
 * The college an admin call acts on: a super admin's pick (their own college when they name
 * none), a college admin's own college. A college admin naming another college is refused, so
 * every admin query can filter by the college this returns.
 */
export function adminCollegeId(user: SessionUser, requested?: string | null): string {
  const wanted = requested?.toLowerCase() ?? user.collegeId;
  if (!wanted) throw forbidden('Choose a college first.');
  if (!policy.mayManageCollege(user, wanted))
    throw forbidden('You can only manage your own college.');
  return wanted;
}
