import {
  API,
  commentsPage,
  commentsPageQuery,
  post,
  postAddBody,
  postComment,
  postIdParams,
  postList,
  postsFetchBody,
  saveCommentBody,
  updateLikesAnswer,
  updateLikesBody,
} from '@alumnet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertActsForSelf } from '../../lib/policy';
import { perMember } from '../../lib/rate-limits';
import { currentUser } from '../auth/plugin';
import { pushNotifications } from '../notifications';
import {
  presentComment,
  presentCommentsPage,
  presentFeed,
  presentLikes,
  presentPost,
} from './presenter';
import { createPostService } from './service';

/** The feed calls of member-portal.md §7; every one is for signed-in members. */
export const postRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createPostService(app.db, pushNotifications(app));

  app.post(
    API.posts.fetch,
    {
      onRequest: app.requireUser,
      schema: { tags: ['posts'], body: postsFetchBody, response: { 200: postList } },
    },
    async (request) => {
      const viewer = currentUser(request);
      assertActsForSelf(viewer, request.body);
      const page = await service.feedPage(viewer, request.body.accessLevel, request.body.cursor);
      return presentFeed(page);
    },
  );

  app.post(
    API.posts.add,
    {
      onRequest: app.requireUser,
      config: perMember(30),
      schema: { tags: ['posts'], body: postAddBody, response: { 200: post } },
    },
    async (request) => {
      const viewer = currentUser(request);
      assertActsForSelf(viewer, request.body);
      const row = await service.addPost(viewer, request.body);
      return presentPost(row, [], false);
    },
  );

  app.post(
    API.posts.saveComment,
    {
      onRequest: app.requireUser,
      config: perMember(60),
      schema: { tags: ['posts'], body: saveCommentBody, response: { 200: postComment } },
    },
    async (request) => {
      const viewer = currentUser(request);
      assertActsForSelf(viewer, request.body);
      return presentComment(await service.saveComment(viewer, request.body));
    },
  );

  // As in a feed page: the newest 3 comments and the count; the card pages in the rest.
  app.get(
    '/api/posts/one/:postId',
    {
      onRequest: app.requireUser,
      schema: { tags: ['posts'], params: postIdParams, response: { 200: post } },
    },
    async (request) => {
      const row = await service.onePost(currentUser(request), request.params.postId);
      return presentPost(row, row.comments, row.likedByMe, false, row.commentsCount);
    },
  );

  // A post of a group is read here too: the audience rule (posts/repository.ts) knows groups.
  app.get(
    '/api/posts/:postId/comments',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['posts'],
        params: postIdParams,
        querystring: commentsPageQuery,
        response: { 200: commentsPage },
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      const page = await service.commentsPage(viewer, request.params.postId, request.query.before);
      return presentCommentsPage(page);
    },
  );

  app.post(
    API.posts.updateLikes,
    {
      onRequest: app.requireUser,
      config: perMember(120),
      schema: { tags: ['posts'], body: updateLikesBody, response: { 200: updateLikesAnswer } },
    },
    async (request) => {
      const viewer = currentUser(request);
      assertActsForSelf(viewer, request.body);
      return presentLikes(await service.toggleLike(viewer, request.body.postId));
    },
  );
};
