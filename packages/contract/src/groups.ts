import { z } from 'zod';
import { idSchema, requiredText } from './common';
import { sendMessageBody } from './chat';
import { postAddBody, storedImage } from './posts';

/**
 * Groups that live (issue 27): a page, a feed, members, organisers and a chat for every chapter
 * and class. The spec's join-request calls (community.ts) keep working for every kind.
 */
export const GROUP_KINDS = ['open', 'request', 'hidden', 'automatic'] as const;
export type GroupKind = (typeof GROUP_KINDS)[number];
/** The profile fields an automatic group's rule may name. */
export const GROUP_RULE_FIELDS = [
  'batch',
  'branch',
  'degree',
  'country',
  'city',
  'company',
] as const;
export type GroupRuleField = (typeof GROUP_RULE_FIELDS)[number];
export const GROUP_ROLES = ['member', 'organiser'] as const;
/** Where a member stands in a group, as the spec's join flow says it. */
export const memberGroupStatus = z.enum(['none', 'pending', 'approved', 'rejected']);
export type MemberGroupStatus = z.infer<typeof memberGroupStatus>;
export type GroupRole = (typeof GROUP_ROLES)[number];
export const GROUP_MEMBERS_PAGE_SIZE = 20;
/** GET /api/groups/{id}/messages answers at most this many, oldest first. */
export const GROUP_CHAT_PAGE_SIZE = 30;
export const MAX_GROUP_ORGANISERS = 20;
export const MAX_GROUP_DESCRIPTION = 2000;

export const GROUP_MESSAGES = {
  notFound: 'Group not found',
  hidden: 'This group is private. Ask one of its organisers for an invitation.',
  membersOnly: 'Only members of this group can see this.',
  postMembersOnly: 'Only members of this group can post in it.',
  moderatorsOnly: 'Only the organisers of this group can do this.',
  archived: 'This group is archived.',
  joined: 'Welcome to the group!',
  left: 'You have left the group.',
  notMember: 'You are not a member of this group.',
  automaticJoin: 'Members join this group by their profile.',
  inviteInvalid: 'This invitation link is not valid any more.',
  ruleRequired: 'An automatic group needs a rule.',
  ruleOnlyAutomatic: 'Only automatic groups have a rule.',
  ruleValueUnknown: 'The rule names something this college does not have.',
  nameTaken: 'This college already has a group with this name.',
  organiserNotInCollege: 'Organisers must be members of the college.',
  memberNotInCollege: 'Only members of the college can be added.',
  alreadyIn: 'This member is already in the group.',
  noSuchPost: 'No such post in this group.',
  noSuchComment: 'No such comment in this group.',
  noSuchMessage: 'No such message in this group.',
  removedByOrganiser: 'Removed by an organiser',
  created: 'Group created.',
  updated: 'Group saved.',
  organisersSaved: 'Organisers saved.',
  memberAdded: 'Member added.',
  memberRemoved: 'Member removed.',
} as const;

const ruleFieldError = `A rule names one of: ${GROUP_RULE_FIELDS.join(', ')}.`;
export const groupRule = z.object(
  {
    field: z.enum(GROUP_RULE_FIELDS, { error: ruleFieldError }),
    /** The id of the batch, branch, degree, country or city, or the company's name. */
    value: requiredText('The rule value is required', 200),
  },
  { error: 'A rule is {field, value}.' },
);
export type GroupRule = z.infer<typeof groupRule>;

/** GET /api/groups/{id}. */
/** What the group page and /dashboard/groups both show of a group. */
const groupSummary = z.object({
  id: idSchema,
  name: z.string(),
  description: z.string(),
  coverPicture: z.string().nullable(),
  kind: z.enum(GROUP_KINDS),
  rule: groupRule.nullable(),
  /** What the rule's value names, for people (the city's name for a city id). */
  ruleLabel: z.string().nullable(),
  memberCount: z.number().int(),
  archived: z.boolean(),
});

export const groupDetail = groupSummary.extend({
  myStatus: memberGroupStatus,
  myRole: z.enum(GROUP_ROLES).nullable(),
  /** Whether the caller may run it: an organiser, an admin of its college, a super admin. */
  mayModerate: z.boolean(),
  pinnedPostId: idSchema.nullable(),
  /** Hidden groups, for those who run them: the path of the invitation link. */
  invitePath: z.string().nullable(),
});
export type GroupDetail = z.infer<typeof groupDetail>;
export const groupAnswer = z.object({ group: groupDetail });
export type GroupAnswer = z.infer<typeof groupAnswer>;
export const groupParams = z.object({ id: idSchema });
/** `invite`: a hidden group's invitation secret lets a non-member see its header and join. */
export const groupQuery = z.object({ invite: z.string().max(100).optional() });

const groupFields = {
  name: requiredText('Group name is required', 100),
  description: z
    .string({ error: 'Description must be text' })
    .trim()
    .max(
      MAX_GROUP_DESCRIPTION,
      `A description can have at most ${MAX_GROUP_DESCRIPTION} characters.`,
    )
    .default(''),
  kind: z.enum(GROUP_KINDS, { error: `kind must be one of: ${GROUP_KINDS.join(', ')}.` }),
  rule: groupRule.nullish().transform((rule) => rule ?? null),
  coverPicture: storedImage,
};
const ruleMatchesKind = (
  body: { kind: GroupKind; rule: GroupRule | null },
  ctx: z.RefinementCtx,
) => {
  if (body.kind === 'automatic' && !body.rule)
    ctx.addIssue({ code: 'custom', path: ['rule'], message: GROUP_MESSAGES.ruleRequired });
  if (body.kind !== 'automatic' && body.rule)
    ctx.addIssue({ code: 'custom', path: ['rule'], message: GROUP_MESSAGES.ruleOnlyAutomatic });
};
/** POST /api/groups (admins). */
export const groupBody = z.object(groupFields).superRefine(ruleMatchesKind);
export type GroupBody = z.input<typeof groupBody>;
/** PUT /api/groups/{id} (admins); `archived` archives or restores it. */
export const groupUpdateBody = z
  .object({
    ...groupFields,
    archived: z.boolean({ error: 'archived must be true or false' }).optional(),
  })
  .superRefine(ruleMatchesKind);
export type GroupUpdateBody = z.input<typeof groupUpdateBody>;
/** PUT /api/groups/{id}/organisers: the whole list (members of the college). */
export const organisersBody = z.object({
  userIds: z
    .array(idSchema, { error: 'userIds must be a list of member ids' })
    .max(MAX_GROUP_ORGANISERS, `A group can have at most ${MAX_GROUP_ORGANISERS} organisers.`),
});

/** A row of /dashboard/groups. */
export const managedGroupRow = groupSummary.extend({
  pendingCount: z.number().int(),
  organisers: z.array(z.object({ _id: idSchema, fullName: z.string() })),
});
export type ManagedGroupRow = z.infer<typeof managedGroupRow>;
/** GET /api/groups/manage?collegeId= (super admins name the college; admins get their own). */
export const manageGroupsQuery = z.object({ collegeId: idSchema.optional() });
export const manageGroupsAnswer = z.object({ groups: z.array(managedGroupRow) });

/** GET /api/groups/{id}/members?search=&page=. */
export const groupMembersQuery = z.object({
  search: z.string().trim().max(100, 'Search is at most 100 characters').optional(),
  page: z.coerce
    .number({ error: 'Page must be a whole number' })
    .int('Page must be a whole number')
    .min(1, 'Page starts at 1')
    .max(100_000)
    .default(1),
});
export const groupMember = z.object({
  _id: idSchema,
  fullName: z.string(),
  profilePic: z.string().nullable(),
  batchName: z.string().nullable(),
  branchName: z.string().nullable(),
  companyName: z.string().nullable(),
  role: z.enum(GROUP_ROLES),
});
export type GroupMember = z.infer<typeof groupMember>;
export const groupMembersAnswer = z.object({
  members: z.array(groupMember),
  totalResults: z.number().int(),
  page: z.number().int(),
});
export type GroupMembersAnswer = z.infer<typeof groupMembersAnswer>;
/** POST /api/groups/{id}/members (organisers): add a member of the college. */
export const addGroupMemberBody = z.object({ userId: idSchema });
export const groupMemberParams = z.object({ id: idSchema, userId: idSchema });

/** GET /api/groups/{id}/posts?cursor=: the feed's post shape; the pinned post leads page one. */
export const groupPostsQuery = z.object({
  cursor: z
    .string()
    .regex(/^[^|]+\|[0-9a-f-]{36}$/i, 'Invalid cursor')
    .optional(),
});
/** POST /api/groups/{id}/posts: the feed's post without a level (the group is the audience). */
export const groupPostBody = postAddBody.pick({ message: true, image: true });
export type GroupPostBody = z.input<typeof groupPostBody>;
export const groupPostParams = z.object({ id: idSchema, postId: idSchema });
export const groupCommentParams = z.object({ id: idSchema, commentId: idSchema });
export const groupMessageParams = z.object({ id: idSchema, messageId: idSchema });
/** POST /api/groups/{id}/pin: the one pinned post, or null to unpin. */
export const pinPostBody = z.object({ postId: idSchema.nullable() });

/** A message of a group's chat. A removed one keeps its place with an empty text. */
export const groupChatMessage = z.object({
  _id: idSchema,
  groupId: idSchema,
  senderId: idSchema,
  sender: z.object({ fullName: z.string(), profilePic: z.string().nullable() }),
  message: z.string(),
  createdAt: z.iso.datetime(),
  clientId: z.string().nullable(),
  removed: z.boolean(),
});
export type GroupChatMessage = z.infer<typeof groupChatMessage>;
export const groupChatMessageList = z.array(groupChatMessage);
/** GET /api/groups/{id}/messages?before={messageId}: the page before that one, oldest first. */
export const groupChatHistoryQuery = z.object({ before: idSchema.optional() });
/** POST /api/groups/{id}/messages; over the socket as `sendGroupMessage` with the groupId. */
export const groupChatSendBody = sendMessageBody.extend({
  /** Required here: a group's many members retry too, and each retry must store one message. */
  clientId: z
    .string({ error: 'clientId is required' })
    .trim()
    .min(1, 'clientId is required')
    .max(64),
});
export const socketSendGroupMessage = groupChatSendBody.extend({ groupId: idSchema });
export type SocketSendGroupMessage = z.input<typeof socketSendGroupMessage>;
export type SendGroupMessageAck =
  { ok: true; message: GroupChatMessage } | { ok: false; status: number; error: string };

/** POST /api/groups/{id}/invite: a new invitation link (the old one stops working). */
export const groupInviteAnswer = z.object({ invitePath: z.string() });
