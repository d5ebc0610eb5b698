import {
  GROUP_MESSAGES,
  groupCommentParams,
  groupMessageAnswer,
  groupParams,
  groupPostBody,
  groupPostParams,
  groupPostsQuery,
  pinPostBody,
  post,
  postList,
} from '@alumnet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perMember } from '../../lib/rate-limits';
import { currentUser } from '../auth/plugin';
import { pushNotifications } from '../notifications';
import { createGroupPostService, presentFeed, presentPost } from '../posts';
import { besideAccess, demand, loadGroupAccess } from './access';

/**
 * A group's posts (issue 27): the feed's posts with the group as their audience, built from the
 * posts module's parts. Likes and comments go through the feed's own calls, whose audience rule
 * knows groups. Who may do what is access.ts's answer.
 */
export const groupFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const posts = createGroupPostService(app.db, pushNotifications(app));
  const tags = ['groups'];
  const accessFor = (request: Parameters<typeof currentUser>[0], groupId: string) =>
    loadGroupAccess(app.db, currentUser(request), groupId);

  app.get(
    '/api/groups/:id/posts',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        params: groupParams,
        querystring: groupPostsQuery,
        response: { 200: postList },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { cursor } = request.query;
      const { access, value: rows } = await besideAccess(
        app.db,
        user,
        request.params.id,
        'maySeePosts',
        GROUP_MESSAGES.membersOnly,
        (groupId) => posts.page(user, groupId, cursor),
      );
      return presentFeed(rows, cursor ? null : access.group.pinnedPostId);
    },
  );

  app.post(
    '/api/groups/:id/posts',
    {
      onRequest: app.requireUser,
      config: perMember(30),
      schema: { tags, params: groupParams, body: groupPostBody, response: { 200: post } },
    },
    async (request) => {
      const access = await accessFor(request, request.params.id);
      demand(access, 'mayPost', GROUP_MESSAGES.postMembersOnly);
      const row = await posts.add(currentUser(request), access.group, request.body);
      return presentPost(row, [], false);
    },
  );

  app.post(
    '/api/groups/:id/posts/:postId/remove',
    {
      onRequest: app.requireUser,
      config: perMember(60),
      schema: { tags, params: groupPostParams, response: { 200: groupMessageAnswer } },
    },
    async (request) => {
      const access = await accessFor(request, request.params.id);
      demand(access, 'mayModerate', GROUP_MESSAGES.moderatorsOnly);
      return posts.removePost(currentUser(request), access.group.id, request.params.postId);
    },
  );

  app.post(
    '/api/groups/:id/comments/:commentId/remove',
    {
      onRequest: app.requireUser,
      config: perMember(60),
      schema: { tags, params: groupCommentParams, response: { 200: groupMessageAnswer } },
    },
    async (request) => {
      const access = await accessFor(request, request.params.id);
      demand(access, 'mayModerate', GROUP_MESSAGES.moderatorsOnly);
      return posts.removeComment(currentUser(request), access.group.id, request.params.commentId);
    },
  );

  app.post(
    '/api/groups/:id/pin',
    {
      onRequest: app.requireUser,
      config: perMember(60),
      schema: {
        tags,
        params: groupParams,
        body: pinPostBody,
        response: { 200: groupMessageAnswer },
      },
    },
    async (request) => {
      const access = await accessFor(request, request.params.id);
      demand(access, 'mayModerate', GROUP_MESSAGES.moderatorsOnly);
      return posts.pin(access.group.id, request.body.postId);
    },
  );
};
