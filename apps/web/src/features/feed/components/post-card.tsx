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
import { imageUrl, type AccessLevel, type Post } from '@alumnet/contract';
import { memo } from 'react';
import { useToggleLike } from '../api/posts';
import { AuthorAvatar, classOf } from '../../../components/author-avatar';
import { ACCESS_LEVEL_LABELS } from '../../../lib/access-levels';
import { postTime, postTimeFull, useTimeZone } from '../../../lib/time-zone';
import { ReactionsBar } from '../../../components/reactions-bar';
import { CommentSection } from './comment-section';
import classes from './feed-page.module.css';

const LEVEL_COLORS: Record<AccessLevel, string> = {
  college: 'blue',
  batch: 'grape',
  branch: 'teal',
};

/**
 * Memoized: the query keeps an unchanged post the same object across refetches, so the list's
 * own changes (drawing more posts, its fetch status) do not redraw every card of the feed.
 */
export const PostCard = memo(function PostCard({ post, userId }: { post: Post; userId: string }) {
  const toggleLike = useToggleLike(userId);
  const timeZone = useTimeZone();
  const author = post.postedBy;
  const comments = post.comments.length;

  return (
    <Card
      component="article"
      withBorder
      radius="lg"
      padding="md"
      data-post-id={post._id}
      data-access-level={post.accessLevel}
      aria-label={`Post by ${author.fullName}`}
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
        <Badge
          variant="light"
          color={LEVEL_COLORS[post.accessLevel]}
          size="sm"
          style={{ flexShrink: 0 }}
          data-testid="post-level"
        >
          {ACCESS_LEVEL_LABELS[post.accessLevel]}
        </Badge>
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
        commentsCount={comments}
        onToggleLike={() => toggleLike.mutate(post._id)}
      />

      <Divider my="sm" />
      <Stack gap="sm">
        <CommentSection post={post} userId={userId} />
      </Stack>
    </Card>
  );
});
