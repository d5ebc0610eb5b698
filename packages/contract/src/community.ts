import { z } from 'zod';
import { idSchema, requiredText } from './common';
import { GROUP_KINDS, GROUP_ROLES, memberGroupStatus } from './groups';

/** Every text of admin-area.md §3/§8 for help, join-group, job-count and feedback screens. */
export const COMMUNITY_MESSAGES = {
  accessDenied: 'Access Denied. Super Admin rights required.',
  helpLoading: 'Loading help requests...',
  helpFetchFailed: 'Failed to fetch help requests',
  helpStatusFailed: 'Failed to update status',
  helpClosed: 'Request closed successfully',
  helpReopened: 'Request reopened successfully',
  helpNotFound: 'Help request not found',
  collegesFetchFailed: 'Failed to fetch colleges',
  groupsFetchFailed: 'Failed to fetch groups',
  pendingFetchFailed: 'Failed to fetch pending requests',
  approveFailed: 'Failed to approve request',
  rejectFailed: 'Failed to reject request',
  noGroups: 'No groups available for the selected college.',
  noPending: 'No pending requests.',
  selectCollege: 'Select a college',
  groupNotFound: 'Group not found',
  requestNotFound: 'No pending request from this member for this group',
  joinRequested: 'Your request to join has been sent.',
  alreadyMember: 'You already asked to join this group.',
  jobCountFailed: 'Failed to fetch job counts. Please try again later.',
  feedbackFetchFailed: 'Failed to fetch feedback data',
  noFeedback: 'No feedback data available',
  feedbackSent: 'Thank you for your feedback!',
} as const;

export const HELP_PAGE_SIZE = 10;
export const ACTIVITY_DAYS = 30;

// ---------------------------------------------------------------- help requests

export const helpStatus = z.enum(['pending', 'closed']);
export type HelpStatus = z.infer<typeof helpStatus>;

export const fetchHelpRequestsBody = z.object({
  page: z.coerce.number().int('Page must be a whole number').min(1, 'Page starts at 1').default(1),
});
export const helpRequestRow = z.object({
  _id: z.string(),
  createdAt: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  query: z.string(),
  status: helpStatus,
});
export type HelpRequestRow = z.infer<typeof helpRequestRow>;
export const fetchHelpRequestsAnswer = z.object({
  helpRequests: z.array(helpRequestRow),
  totalPages: z.number(),
  totalRequests: z.number(),
});
export type FetchHelpRequestsAnswer = z.infer<typeof fetchHelpRequestsAnswer>;

export const updateHelpStatusBody = z.object({
  id: idSchema,
  status: helpStatus,
});
export const updateHelpStatusAnswer = z.object({
  message: z.string(),
  helpRequest: helpRequestRow,
});
export type UpdateHelpStatusAnswer = z.infer<typeof updateHelpStatusAnswer>;

// ---------------------------------------------------------------- groups

export const collegeGroupsBody = z.object({ collegeId: idSchema });
export const adminGroupRow = z.object({
  groupId: z.string(),
  groupName: z.string(),
  pendingCount: z.number(),
});
export type AdminGroupRow = z.infer<typeof adminGroupRow>;
export const collegeGroupsAnswer = z.object({ groups: z.array(adminGroupRow) });

export const pendingMembersAnswer = z.object({
  groupName: z.string(),
  pendingMembers: z.array(z.object({ _id: z.string(), fullName: z.string() })),
});
export type PendingMembersAnswer = z.infer<typeof pendingMembersAnswer>;

export const groupIdParams = z.object({ groupId: idSchema });
export const groupMemberBody = z.object({ groupId: idSchema, memberId: idSchema });
export const groupMessageAnswer = z.object({ message: z.string() });

/**
 * Member side (/groups): the groups of the member's college they may see (hidden ones only when
 * in them), "My groups" first, and where the member stands in each.
 */
export const memberGroupRow = z.object({
  groupId: z.string(),
  groupName: z.string(),
  description: z.string(),
  memberCount: z.number(),
  status: memberGroupStatus,
  kind: z.enum(GROUP_KINDS),
  coverPicture: z.string().nullable(),
  role: z.enum(GROUP_ROLES).nullable(),
});
export type MemberGroupRow = z.infer<typeof memberGroupRow>;
export const myGroupsAnswer = z.object({ groups: z.array(memberGroupRow) });
/** `invite`: a hidden group's invitation secret (from its link). */
export const joinGroupBody = z.object({
  groupId: idSchema,
  invite: z.string().max(100).optional(),
});

// ---------------------------------------------------------------- job and activity counts

export const activityDay = z.object({
  date: z.string(),
  internshipCount: z.number(),
  fulltimeCount: z.number(),
  jobLikesCount: z.number(),
  jobCommentsCount: z.number(),
  postLikesCount: z.number(),
  postCommentsCount: z.number(),
});
export type ActivityDay = z.infer<typeof activityDay>;
export const collegeActivity = z.object({
  collegeId: z.string(),
  collegeName: z.string(),
  data: z.array(activityDay),
});
export type CollegeActivity = z.infer<typeof collegeActivity>;
export const jobsCountAnswer = z.array(collegeActivity);

// ---------------------------------------------------------------- feedback

export const feedbackType = z.enum(['bug', 'feature', 'suggestion', 'other']);
export type FeedbackType = z.infer<typeof feedbackType>;
export const feedbackSortField = z.enum(['createdAt', 'radioOption']);
export type FeedbackSortField = z.infer<typeof feedbackSortField>;
export const feedbackQuery = z.object({
  sortField: z
    .union([z.literal(''), feedbackSortField])
    .optional()
    .transform((v) => v || 'createdAt'),
  sortOrder: z
    .union([z.literal(''), z.enum(['asc', 'desc'])])
    .optional()
    .transform((v) => v || 'desc'),
});
export const feedbackRow = z.object({
  _id: z.string(),
  createdAt: z.string(),
  fullName: z.string(),
  username: z.string(),
  radioOption: feedbackType,
  input: z.string(),
});
export type FeedbackRow = z.infer<typeof feedbackRow>;
export const feedbackListAnswer = z.array(feedbackRow);

export const feedbackBody = z.object({
  radioOption: feedbackType,
  input: requiredText('Message is required', 2000),
});
export type FeedbackBody = z.infer<typeof feedbackBody>;
