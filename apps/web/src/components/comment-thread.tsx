import { Box, Button, Group, Paper, Stack, Text, Textarea, UnstyledButton } from '@mantine/core';
import { commentsPage, MAX_COMMENT_LENGTH, type PostComment } from '@alumnet/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { api } from '../lib/api-client';
import { useTakenOver } from '../lib/use-taken-over';
import { AuthorAvatar, classOf } from './author-avatar';

/**
 * What a post or a comment an organiser removed says (only its author still sees it): the
 * contract's GROUP_MESSAGES.removedByOrganiser, written here so the feed's chunk does not take
 * in the groups' schemas for one sentence.
 */
export const REMOVED_LABEL = 'Removed by an organiser';

/**
 * The pages of a thread's older comments (`GET {path}?before=`, newest first), asked only once
 * the member opens the thread: a page of the feed carries the newest 3 comments alone (issue 32).
 */
export const olderCommentsQuery = (path: string, enabled: boolean) => ({
  queryKey: ['comments', path] as const,
  queryFn: ({ pageParam }: { pageParam: string | undefined }) =>
    api.get(pageParam ? `${path}?before=${encodeURIComponent(pageParam)}` : path, commentsPage),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor ?? undefined,
  enabled,
});

/** Oldest first, each comment once: the pages and the page's own (newest, or just written). */
function mergeThread(loaded: PostComment[], carried: PostComment[]) {
  const byId = new Map<string, PostComment>();
  for (const c of [...loaded, ...carried]) byId.set(c._id, c);
  // The server writes every time in one format (UTC, microseconds), so text order is time order.
  const order = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return [...byId.values()].sort((a, b) => order(a.createdAt, b.createdAt) || order(a._id, b._id));
}

/**
 * The comments under a post or a job and the box to add one. The Post button shows only once
 * there is text, and a whitespace-only comment is never sent (member-portal.md §5).
 */
export function CommentThread({
  comments,
  commentsCount,
  threadPath,
  onComment,
  pending,
  commentMenu,
}: {
  /** The newest few comments the post or job carries, oldest of them first. */
  comments: PostComment[];
  /** Every comment of the thread the member may see. */
  commentsCount: number;
  /** Where older comments page in from (`API.posts.comments(id)`, `API.jobs.comments(id)`). */
  threadPath: string;
  /** A group's organisers: a comment's own menu (remove). */
  commentMenu?: (comment: PostComment) => ReactNode;
  /** Sends the trimmed text; call `done` once it is saved so the box clears. */
  onComment: (comment: string, done: () => void) => void;
  pending: boolean;
}) {
  const [text, setText] = useState('');
  const takenOver = useTakenOver();
  // Growing with its text measures the box on every render (a forced layout each); a page of
  // posts draws twenty boxes nobody has typed in yet, so the measuring starts with the typing.
  const grows = text.length > 0;
  const [showAll, setShowAll] = useState(false);
  const older = useInfiniteQuery(olderCommentsQuery(threadPath, showAll));
  const loaded = older.data?.pages;
  const shown = useMemo(
    () =>
      loaded
        ? mergeThread(
            loaded.flatMap((p) => p.comments),
            comments,
          )
        : comments,
    [loaded, comments],
  );
  const folded = !showAll && commentsCount > comments.length;
  const canPost = text.trim().length > 0;

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canPost || pending) return;
    onComment(text.trim(), () => setText(''));
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <Stack gap="xs">
      {folded && (
        <UnstyledButton onClick={() => setShowAll(true)}>
          <Text size="sm" c="blue" fw={500}>
            View all {commentsCount} comments
          </Text>
        </UnstyledButton>
      )}
      {showAll && (older.hasNextPage || older.isFetching) && (
        <UnstyledButton
          onClick={() => void older.fetchNextPage()}
          disabled={older.isFetching}
          aria-busy={older.isFetching}
        >
          <Text size="sm" c="blue" fw={500}>
            {older.isFetching ? 'Loading comments…' : 'View older comments'}
          </Text>
        </UnstyledButton>
      )}
      {showAll && older.isError && (
        <Text size="sm" c="red" role="alert">
          Could not load the comments. Please try again.
        </Text>
      )}
      {shown.length > 0 && (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {shown.map((c) => (
            <Group
              key={c._id}
              component="li"
              gap="xs"
              align="flex-start"
              wrap="nowrap"
              data-removed={c.removed || undefined}
              style={c.removed ? { opacity: 0.6 } : undefined}
            >
              <AuthorAvatar author={c.commenterId} size={32} />
              <Paper bg="gray.0" radius="md" px="sm" py={6} miw={0} style={{ flex: 1 }}>
                <Text size="sm" fw={600} lh={1.3}>
                  {c.commenterId.fullName}{' '}
                  <Text span size="xs" c="dimmed" fw={400}>
                    {classOf(c.commenterId)}
                  </Text>
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {c.comment}
                </Text>
                {c.removed && (
                  <Text size="xs" c="dimmed" fs="italic">
                    {REMOVED_LABEL}
                  </Text>
                )}
              </Paper>
              {commentMenu?.(c)}
            </Group>
          ))}
        </Stack>
      )}
      <form method="post" onSubmit={submit}>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Box style={{ flex: 1 }} miw={0}>
            <Textarea
              aria-label="Write a comment"
              name="comment"
              placeholder="Write a comment…"
              autosize={grows}
              rows={1}
              minRows={1}
              maxRows={6}
              radius="xl"
              maxLength={MAX_COMMENT_LENGTH}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              onKeyDown={onKeyDown}
            />
          </Box>
          {canPost && (
            <Button type="submit" radius="xl" loading={!takenOver || pending}>
              Post
            </Button>
          )}
        </Group>
      </form>
    </Stack>
  );
}
