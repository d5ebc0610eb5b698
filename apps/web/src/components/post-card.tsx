import {
  Anchor,
  Badge,
  Box,
  Card,
  Divider,
  Group,
  Image,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { API, imageUrl, type AccessLevel, type Post, type PostComment } from '@alumnet/contract';
import { IconPin } from '@tabler/icons-react';
import { memo, type ReactNode } from 'react';
import { ACCESS_LEVEL_LABELS } from '../lib/access-levels';
import { useSaveComment, useToggleLike } from '../lib/post-actions';
import { postTime, postTimeFull, useTimeZone } from '../lib/time-zone';
import { AuthorAvatar, classOf } from './author-avatar';
import { CommentThread, REMOVED_LABEL } from './comment-thread';
import { ReactionsBar } from './reactions-bar';
import classes from './post-card.module.css';

const LEVEL_COLORS: Record<AccessLevel, string> = {
  college: 'blue',
  batch: 'grape',
  branch: 'teal',
};

type PostCardProps = {
  post: Post;
  userId: string;
  /** A group's organisers: the post's own menu (pin, remove), at the top right. */
  menu?: ReactNode;
  /** A group's organisers: each comment's menu (remove). */
  commentMenu?: (comment: PostComment) => ReactNode;
};

/**
 * A post of the feed or of a group (issue 27: one post model, one card). Memoized: the query
 * keeps an unchanged post the same object across refetches, so the list's own changes (drawing
 * more posts, its fetch status) do not redraw every card.
 */
export const PostCard = memo(function PostCard({ post, userId, menu, commentMenu }: PostCardProps) {
  const toggleLike = useToggleLike(userId);
  const saveComment = useSaveComment(userId);
  const timeZone = useTimeZone();
  const author = post.postedBy;
  const level = post.accessLevel === 'group' ? null : post.accessLevel;

  return (
    <Card
      component="article"
      withBorder
      radius="lg"
      padding="md"
      data-post-id={post._id}
      data-access-level={post.accessLevel}
      data-removed={post.removed || undefined}
      aria-label={`Post by ${author.fullName}`}
      style={post.removed ? { opacity: 0.6 } : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <AuthorAvatar author={author} size={44} />
          <Box miw={0}>
            <Text fw={600} lh={1.3} truncate>
              {author.fullName}
            </Text>
            <Text size="xs" c="dimmed" lh={1.4}>
              {classOf(author)}
              {classOf(author) && ' · '}
              <Tooltip label={postTimeFull(post.createdAt, timeZone)} withArrow>
                <time dateTime={post.createdAt} style={{ whiteSpace: 'nowrap' }}>
                  {postTime(post.createdAt, new Date(), timeZone)}
                </time>
              </Tooltip>
            </Text>
          </Box>
        </Group>
        <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
          {post.pinned && (
            <Badge variant="light" color="orange" size="sm" leftSection={<IconPin size={12} />}>
              Pinned
            </Badge>
          )}
          {post.removed && (
            <Badge variant="light" color="gray" size="sm">
              {REMOVED_LABEL}
            </Badge>
          )}
          {level && (
            <Badge variant="light" color={LEVEL_COLORS[level]} size="sm" data-testid="post-level">
              {ACCESS_LEVEL_LABELS[level]}
            </Badge>
          )}
          {menu}
        </Group>
      </Group>

      <Text mt="sm" className={classes.message}>
        {post.message}
      </Text>

      {post.image && (
        <Anchor
          href={imageUrl(post.image)}
          target="_blank"
          rel="noreferrer"
          mt="sm"
          display="block"
        >
          {/* At most 720 px wide, as WebP: the upload itself (a phone photo is megabytes) only
              for a browser without WebP, and a tap on the picture opens it whole. */}
          <picture>
            <source type="image/webp" srcSet={imageUrl(post.image, 'medium')} />
            <Image
              src={imageUrl(post.image)}
              alt={`Image shared by ${author.fullName}`}
              loading="lazy"
              radius="md"
              w="100%"
              h="auto"
              mah={520}
              fit="contain"
              bg="gray.1"
            />
          </picture>
        </Anchor>
      )}

      <ReactionsBar
        mt="sm"
        likesCount={post.likesCount}
        likedByMe={post.likedByMe}
        commentsCount={post.commentsCount}
        onToggleLike={() => toggleLike.mutate(post._id)}
      />

      <Divider my="sm" />
      <Stack gap="sm">
        <CommentThread
          comments={post.comments}
          commentsCount={post.commentsCount}
          threadPath={API.posts.comments(post._id)}
          pending={saveComment.isPending}
          commentMenu={commentMenu}
          onComment={(comment, done) =>
            saveComment.mutate({ postId: post._id, comment }, { onSuccess: done })
          }
        />
      </Stack>
    </Card>
  );
});
