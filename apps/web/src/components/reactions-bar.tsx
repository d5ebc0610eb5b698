import { Button, Group, Text, type GroupProps } from '@mantine/core';
import { IconHeart, IconHeartFilled, IconMessageCircle } from '@tabler/icons-react';

/** The like toggle and comment count under a post or a job. */
export function ReactionsBar({
  likesCount,
  likedByMe,
  commentsCount,
  onToggleLike,
  ...layout
}: Pick<GroupProps, 'mt' | 'mb'> & {
  likesCount: number;
  likedByMe: boolean;
  commentsCount: number;
  onToggleLike: () => void;
}) {
  return (
    <Group gap="xs" {...layout}>
      <Button
        variant="subtle"
        color={likedByMe ? 'red' : 'gray'}
        size="compact-md"
        leftSection={likedByMe ? <IconHeartFilled size={20} /> : <IconHeart size={20} />}
        // A toggle keeps one name; aria-pressed tells whether it is on.
        aria-label={`Like, ${likesCount} ${likesCount === 1 ? 'like' : 'likes'}`}
        aria-pressed={likedByMe}
        onClick={onToggleLike}
      >
        <span data-testid="likes-count">{likesCount}</span>
      </Button>
      <Group gap={6} c="dimmed">
        <IconMessageCircle size={18} />
        <Text size="sm">
          {commentsCount} {commentsCount === 1 ? 'comment' : 'comments'}
        </Text>
      </Group>
    </Group>
  );
}
